import { createPortico as createHeadlessPortico, type Portico, type PorticoConfig } from '@portico/core';
import { modalPlugin } from './modalPlugin';

/**
 * Creates a Portico instance with the React modal: `@portico/core`'s `createPortico` with this
 * layer's views (the core plugin: Connect, Connecting, All Wallets, Networks, Account,
 * ApproveTransaction) as its shell. Throws `ConfigInvalidError` naming the field for a malformed config.
 */
export function createPortico(config: PorticoConfig): Portico {
  return createHeadlessPortico(config, { shell: modalPlugin });
}
