import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { onIdle } from '@portico/kernel';
import { useObservable } from '../hooks/useObservable';
import { usePortico } from '../hooks/usePortico';
import { ModalShell } from './ModalShell';
import { useShadowHost } from './useShadowHost';
import * as accountNftsView from '../views/AccountNftsView';
import * as accountTokensView from '../views/AccountTokensView';
import * as accountView from '../views/AccountView';
import * as approveTransactionView from '../views/ApproveTransactionView';
import * as connectingView from '../views/ConnectingView';
import * as connectView from '../views/ConnectView';
import * as networksView from '../views/NetworksView';

/** The complete English catalogue travels with the modal: the page's first load has only the buttons' words. */
export { en } from '@portico/core';

/**
 * The core views' modules, loaded from here rather than from the core plugin so the
 * bundler sees the views as imported by the modal chunk and keeps what they share with it
 * (buttons, list items, avatars, the view outlet) inside it: a page fetches one modal
 * chunk before the first click instead of a dozen small ones. Connect, the first view
 * shown, is part of the chunk.
 */
export const coreViews = {
  Connect: async () => connectView,
  AllWallets: () => import('../views/AllWalletsView'),
  Connecting: async () => connectingView,
  Networks: async () => networksView,
  Account: async () => accountView,
  AccountTokens: async () => accountTokensView,
  AccountNfts: async () => accountNftsView,
  ApproveTransaction: async () => approveTransactionView,
};

/** The lazily loaded modal: a shadow-root host on the page and the shell while open. */
export default function ModalRoot() {
  const portico = usePortico('ModalRoot');
  const container = useShadowHost(portico.cspNonce, (message) => portico.kernel.logger.warn(message));
  const { isOpen } = useObservable(portico.kernel.router);
  // Once the modal has opened, the chunks of views that ask for it (`prefetch` in their
  // manifest: All Wallets, Networks, Account, the QR view, …) load when the browser is idle,
  // so a first visit renders in the click's frame. Never for a plugin that is not active.
  useEffect(
    () =>
      onIdle(() => {
        const { kernel } = portico;
        for (const view of kernel.contributions.list('views')) {
          if (view.prefetch && kernel.plugins.get(view.pluginId)?.status === 'active') void kernel.loadView(view.id).catch(() => undefined);
        }
      }),
    [portico],
  );
  return isOpen ? createPortal(<ModalShell />, container) : null;
}
