import { kernelRefs, loadOnce, type Kernel } from '@portico/kernel';
import { assertWalletRegistryUrl } from '../walletRegistry/assertWalletRegistryUrl';
import type { WalletRegistryClient, WalletRegistryClientOptions } from '../walletRegistry/createWalletRegistryClient';
import type { RegistryWallet } from '../walletRegistry/normalizeRegistryWallet';
import type * as DirectoryWallets from './directoryWallets';
import type { PorticoConfig } from './porticoConfigSchema';

/** The public wallet registry (the WalletConnect/Reown explorer API). */
export const DEFAULT_WALLET_REGISTRY_URL = 'https://api.web3modal.org';
/** The host's wallet-directory settings. */
export interface WalletDirectory {
  readonly registry: WalletRegistryClient | undefined;
  readonly featuredWalletIds: readonly string[];
  readonly includeWalletIds: readonly string[] | undefined;
  readonly excludeWalletIds: ReadonlySet<string>;
  /**
   * The app's namespaces (`eip155`, `solana`, …): the registry lists wallets supporting any of
   * them. Namespaces rather than CAIP-2 ids, so a wallet is found for a local or new network
   * (`eip155:31337`) that no registry entry names.
   */
  chains(): string[];
  /**
   * Lists a registry wallet as a connector reached through WalletConnect (idempotent); resolves
   * with its connector id. The listing code loads with the first call (`directoryWallets.ts`).
   */
  register(wallet: RegistryWallet, group: 'featured' | 'recommended', order?: number): Promise<string | undefined>;
  /**
   * Set (by the listing code) once the first listing of registry wallets, which starts when the
   * modal first opens, is over, whatever its outcome; `wallets:listed` is emitted then too.
   */
  listed?: boolean;
}


/**
 * A registry client whose code (schema, normalisation) loads on its first request: the modal's
 * first open, not the page's first paint. The URL is checked at once, as the real client does.
 */
function lazyRegistryClient(options: WalletRegistryClientOptions): WalletRegistryClient {
  assertWalletRegistryUrl(options.baseUrl);
  const load = loadOnce(() => import('../walletRegistry/createWalletRegistryClient').then(({ createWalletRegistryClient }) => createWalletRegistryClient(options)));
  return {
    list: async (query) => (await load()).list(query),
    byIds: async (ids, more) => (await load()).byIds(ids, more),
    // Wallets only exist once a request has loaded the client.
    imageUrl: (wallet) => load.current?.imageUrl(wallet) ?? wallet.imageUrl,
  };
}

/**
 * Builds the wallet directory: a registry client (when there is a project id), and the
 * connectors of featured, custom and recommended wallets, all reached through WalletConnect.
 * `loadListing` brings the listing code (`directoryWallets.ts`), loaded on first use.
 */
export function createWalletDirectory(
  kernel: Kernel,
  config: Pick<PorticoConfig, 'projectId' | 'walletRegistryUrl' | 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds'>,
  loadListing: () => Promise<Pick<typeof DirectoryWallets, 'registerDirectoryWallet'>>,
): WalletDirectory {
  const registry = config.projectId
    ? lazyRegistryClient({
        http: kernel.http,
        baseUrl: config.walletRegistryUrl ?? DEFAULT_WALLET_REGISTRY_URL,
        projectId: config.projectId,
        onInvalid: (reason) => kernel.logger.warn(`Wallet registry: ${reason}`),
      })
    : undefined;
  const excluded = new Set(config.excludeWalletIds ?? []);
  const directory: WalletDirectory = {
    registry,
    featuredWalletIds: config.featuredWalletIds ?? [],
    includeWalletIds: config.includeWalletIds,
    excludeWalletIds: excluded,
    chains: () => [...new Set(kernel.getService(kernelRefs.settings).networks.map((n) => n.caipNetworkId.split(':')[0]!))],
    register: async (wallet, group, order) => (await loadListing()).registerDirectoryWallet(kernel, wallet, group, order),
  };
  return directory;
}
