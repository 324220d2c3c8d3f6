// What the listing code and the wallet views ask about directory wallets and the connectors
// already there: a module of its own, so none of it is in the page's first load.
import type { Kernel } from '@portico/kernel';
import type { RegistryWallet } from '../walletRegistry/normalizeRegistryWallet';

/**
 * The connector directory wallets are reached through: the one of the spec's WALLET_CONNECT
 * type, whose plugin contributes its connector group under the connector's id. Known from
 * the manifests, before the plugin activates; `undefined` when no such plugin is enabled.
 */
export function directoryVia(kernel: Pick<Kernel, 'contributions'>): string | undefined {
  return kernel.contributions.list('connectorGroups').find((g) => g.connectorType === 'WALLET_CONNECT')?.id;
}
/** How many recommended wallets the Connect view lists. */
export const RECOMMENDED_COUNT = 4;

/** The installed connector for a registry wallet (same id or rdns), if any and not contested. */
export function installedConnector(kernel: Pick<Kernel, 'connectors'>, wallet: Pick<RegistryWallet, 'id' | 'rdns'>): string | undefined {
  const list = kernel.connectors.getSnapshot().filter((c) => !c.via && c.type !== 'WALLET_CONNECT');
  const matches = list.filter((c) => c.id === wallet.id || (wallet.rdns !== undefined && c.rdns === wallet.rdns));
  // Several wallets claim this one's identity: picking one here would be a silent winner.
  return matches.some((c) => c.contested) ? undefined : matches[0]?.id;
}
