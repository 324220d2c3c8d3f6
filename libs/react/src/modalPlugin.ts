import { definePlugin } from '@portico/kernel';
import { modalManifest } from './modalManifest';
import { loadModalRoot } from './modal/loadModalRoot';
import type { coreViews } from './modal/ModalRoot';

/**
 * A core view's loader, through the modal chunk (which imports the views; see
 * `coreViews`). When the modal chunk itself cannot be loaded, the error says so without
 * naming the chunk, so the kernel's retry of a failed view chunk never mistakes the modal
 * chunk for the view (`loadModalRoot` retries the modal chunk itself).
 */
const throughModal = (id: keyof typeof coreViews) => async () => {
  let modal;
  try {
    modal = await loadModalRoot();
  } catch (error) {
    throw new Error('The modal’s code failed to load', { cause: error });
  }
  return modal.coreViews[id]();
};

/** The React modal's views, each lazy: the shell `createPortico` of this layer passes to the core. */
export const modalPlugin = definePlugin({
  manifest: modalManifest,
  views: {
    Connect: throughModal('Connect'),
    AllWallets: throughModal('AllWallets'),
    Connecting: throughModal('Connecting'),
    Networks: throughModal('Networks'),
    Account: throughModal('Account'),
    AccountTokens: throughModal('AccountTokens'),
    AccountNfts: throughModal('AccountNfts'),
    ApproveTransaction: throughModal('ApproveTransaction'),
  },
});
