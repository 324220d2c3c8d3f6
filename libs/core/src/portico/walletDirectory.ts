import { checkLink, kernelRefs, type Kernel } from '@portico/kernel';
import { assertWalletRegistryUrl } from '../walletRegistry/assertWalletRegistryUrl';
import type { WalletRegistryClient, WalletRegistryClientOptions } from '../walletRegistry/createWalletRegistryClient';
import type { RegistryWallet } from '../walletRegistry/normalizeRegistryWallet';
import type { PorticoConfig } from './porticoConfigSchema';

/** The public wallet registry (the WalletConnect/Reown explorer API). */
export const DEFAULT_WALLET_REGISTRY_URL = 'https://api.web3modal.org';
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
  /** Lists a registry wallet as a connector reached through WalletConnect (idempotent); returns its connector id. */
  register(wallet: RegistryWallet, group: 'featured' | 'recommended', order?: number): string | undefined;
  /** The installed connector for a registry wallet (same id or rdns), if any and not contested. */
  installed(wallet: Pick<RegistryWallet, 'id' | 'rdns'>): string | undefined;
}


/**
 * A registry client whose code (schema, normalisation) loads on its first request: the modal's
 * first open, not the page's first paint. The URL is checked at once, as the real client does.
 */
function lazyRegistryClient(options: WalletRegistryClientOptions): WalletRegistryClient {
  assertWalletRegistryUrl(options.baseUrl);
  let loading: Promise<WalletRegistryClient> | undefined;
  let loaded: WalletRegistryClient | undefined;
  const load = () =>
    (loading ??= import('../walletRegistry/createWalletRegistryClient').then(({ createWalletRegistryClient }) => (loaded = createWalletRegistryClient(options))).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    list: async (query) => (await load()).list(query),
    byIds: async (ids, more) => (await load()).byIds(ids, more),
    // Wallets only exist once a request has loaded the client.
    imageUrl: (wallet) => loaded?.imageUrl(wallet) ?? wallet.imageUrl,
  };
}

/**
 * Builds the wallet directory: a registry client (when there is a project id), and the
 * connectors of featured, custom and recommended wallets, all reached through WalletConnect.
 */
export function createWalletDirectory(kernel: Kernel, config: Pick<PorticoConfig, 'projectId' | 'walletRegistryUrl' | 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds'>): WalletDirectory {
  const registry = config.projectId
    ? lazyRegistryClient({
        http: kernel.http,
        baseUrl: config.walletRegistryUrl ?? DEFAULT_WALLET_REGISTRY_URL,
        projectId: config.projectId,
        onInvalid: (reason) => kernel.logger.warn(`Wallet registry: ${reason}`),
      })
    : undefined;
  const excluded = new Set(config.excludeWalletIds ?? []);
  const viaNamespaces = () => kernel.connectors.get(directoryVia(kernel) ?? '')?.namespaces ?? [];
  const directory: WalletDirectory = {
    registry,
    featuredWalletIds: config.featuredWalletIds ?? [],
    includeWalletIds: config.includeWalletIds,
    excludeWalletIds: excluded,
    chains: () => [...new Set(kernel.getService(kernelRefs.settings).networks.map((n) => n.caipNetworkId.split(':')[0]!))],
    installed(wallet) {
      const list = kernel.connectors.getSnapshot().filter((c) => !c.via && c.type !== 'WALLET_CONNECT');
      const matches = list.filter((c) => c.id === wallet.id || (wallet.rdns !== undefined && c.rdns === wallet.rdns));
      // Several wallets claim this one's identity: picking one here would be a silent winner.
      return matches.some((c) => c.contested) ? undefined : matches[0]?.id;
    },
    register(wallet, group, order) {
      if (kernel.connectors.get(wallet.id)) return wallet.id;
      const through = viaNamespaces();
      const namespaces = wallet.namespaces.length ? wallet.namespaces.filter((ns) => through.includes(ns)) : through;
      if (namespaces.length === 0) return undefined;
      try {
        kernel.connectors.register(
          {
            id: wallet.id,
            name: wallet.name,
            type: 'WALLET_CONNECT',
            group,
            namespaces,
            via: directoryVia(kernel),
            ...(order !== undefined ? { order } : {}),
            ...(wallet.imageUrl ? { icon: wallet.imageUrl } : {}),
            ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
            links: { mobile: wallet.links.mobile, desktop: wallet.links.desktop, web: wallet.links.web, appStore: wallet.links.appStore, playStore: wallet.links.playStore },
          },
          'core',
        );
        return wallet.id;
      } catch (error) {
        kernel.logger.warn(`Ignored registry wallet "${wallet.id}"`, error);
        return undefined;
      }
    },
  };
  return directory;
}

/** Lists the host's custom wallets: no network needed, so they render the first time the modal opens. */
export function registerCustomWallets(kernel: Kernel, directory: WalletDirectory, customWallets: PorticoConfig['customWallets'] = []): void {
  const via = directoryVia(kernel);
  if (!via) {
    if (customWallets.length) kernel.logger.warn(`customWallets are reached through WalletConnect, which is not enabled: ${customWallets.length} custom wallet(s) not listed`);
    return;
  }
  const through = kernel.connectors.get(via)?.namespaces ?? kernel.getService(kernelRefs.settings).networks.map((n) => n.caipNetworkId.split(':')[0]!);
  const linkOrNothing = (wallet: { id: string }, field: string, value: string | undefined, kind: 'app' | 'web') => {
    if (value === undefined) return undefined;
    const checked = checkLink(value, kind);
    if (checked.ok) return value;
    kernel.logger.warn(`Custom wallet "${wallet.id}": ${field} ignored, it ${checked.reason}`);
    return undefined;
  };
  customWallets.forEach((wallet, index) => {
    if (directory.excludeWalletIds.has(wallet.id) || kernel.connectors.get(wallet.id)) return;
    try {
      kernel.connectors.register(
        {
          id: wallet.id,
          name: wallet.name,
          type: 'WALLET_CONNECT',
          group: 'custom',
          order: index,
          namespaces: [...new Set(through)],
          via,
          ...(wallet.imageUrl ? { icon: wallet.imageUrl } : {}),
          links: {
            mobile: linkOrNothing(wallet, 'mobileLink', wallet.mobileLink, 'app'),
            desktop: linkOrNothing(wallet, 'desktopLink', wallet.desktopLink, 'app'),
            web: linkOrNothing(wallet, 'webappLink', wallet.webappLink, 'web'),
            appStore: linkOrNothing(wallet, 'appStore', wallet.appStore, 'web'),
            playStore: linkOrNothing(wallet, 'playStore', wallet.playStore, 'web'),
          },
        },
        'core',
      );
    } catch (error) {
      kernel.logger.warn(`Ignored custom wallet "${wallet.id}"`, error);
    }
  });
}

/**
 * Lists the featured and recommended registry wallets, when WalletConnect (which reaches them)
 * is enabled. Called when the modal first opens: nothing touches the network before a click.
 * Failures are logged; the Connect view still shows what is installed.
 */
export async function loadRegistryWallets(kernel: Kernel, directory: WalletDirectory): Promise<void> {
  const { registry } = directory;
  const via = kernel.connectors.get(directoryVia(kernel) ?? '');
  if (!registry || !via) return;
  const allowed = (wallet: RegistryWallet) => !directory.excludeWalletIds.has(wallet.id) && (!directory.includeWalletIds || directory.includeWalletIds.includes(wallet.id)) && !directory.installed(wallet);
  try {
    // Recent wallets picked from All Wallets on an earlier visit are not listed otherwise: fetch
    // them with the featured ones, so the Connect view shows them on top (the recent group).
    const recent = kernel.connection
      .getSnapshot()
      .recentWallets.map((r) => r.id)
      .filter((id) => !kernel.connectors.get(id) && !directory.featuredWalletIds.includes(id));
    const wanted = [...directory.featuredWalletIds, ...recent];
    const fetched = wanted.length ? await registry.byIds(wanted) : [];
    fetched
      .filter((wallet) => directory.featuredWalletIds.includes(wallet.id))
      .filter(allowed)
      .forEach((wallet, index) => directory.register(wallet, 'featured', index));
    fetched
      .filter((wallet) => recent.includes(wallet.id))
      .filter(allowed)
      .forEach((wallet, index) => directory.register(wallet, 'recommended', RECOMMENDED_COUNT + index));
    const page = await registry.list({
      page: 1,
      entries: RECOMMENDED_COUNT + directory.featuredWalletIds.length + 8,
      chains: directory.chains().filter((ns) => via.namespaces.includes(ns)),
      ...(directory.includeWalletIds ? { include: directory.includeWalletIds } : {}),
      exclude: [...directory.excludeWalletIds, ...directory.featuredWalletIds, ...recent],
    });
    page.wallets
      .filter(allowed)
      .slice(0, RECOMMENDED_COUNT)
      .forEach((wallet, index) => directory.register(wallet, 'recommended', index));
  } catch (error) {
    kernel.logger.warn('The wallet registry could not be loaded', error);
  }
}
