// The wallet directory's listing code: registry and custom wallets become connectors reached
// through WalletConnect. Loaded when it is first needed (the modal's first open, a custom
// wallet list at start, a wallet picked in All Wallets), not with the page.
import { checkLink, kernelRefs, type Kernel } from '@portico/kernel';
import { HttpError } from '@portico/kernel/errors';
import type { RegistryWallet } from '../walletRegistry/normalizeRegistryWallet';
import type { PorticoConfig } from './porticoConfigSchema';
import { directoryVia, installedConnector, RECOMMENDED_COUNT } from './directoryConnectors';
import type { WalletDirectory } from './walletDirectory';

/** Lists a registry wallet as a connector reached through WalletConnect (idempotent); returns its connector id. */
export function registerDirectoryWallet(kernel: Kernel, wallet: RegistryWallet, group: 'featured' | 'recommended', order?: number): string | undefined {
  if (kernel.connectors.get(wallet.id)) return wallet.id;
  const through = kernel.connectors.get(directoryVia(kernel) ?? '')?.namespaces ?? [];
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
 * is enabled, or once it is (a lazy plugin). Called when the modal first opens: nothing touches
 * the network before a click. Failures are logged; the Connect view still shows what is installed.
 */
export async function loadRegistryWallets(kernel: Kernel, directory: WalletDirectory): Promise<void> {
  const { registry } = directory;
  const via = kernel.connectors.get(directoryVia(kernel) ?? '');
  const listed = { featured: 0, recommended: 0 };
  const list = (wallet: RegistryWallet, group: 'featured' | 'recommended', order: number) => {
    if (registerDirectoryWallet(kernel, wallet, group, order)) listed[group]++;
  };
  const done = () => {
    directory.listed = true;
    kernel.events.emit('wallets:listed', listed);
  };
  if (!registry) return done();
  if (!via) {
    // Nothing reaches registry wallets yet: WalletConnect may be a lazy plugin still loading when
    // the modal opened. They are listed once its connector comes (for a host without it, never).
    const off = kernel.connectors.subscribe(() => {
      if (kernel.isDisposed || !kernel.connectors.get(directoryVia(kernel) ?? '')) return;
      off();
      void loadRegistryWallets(kernel, directory);
    });
    return done();
  }
  const allowed = (wallet: RegistryWallet) => !directory.excludeWalletIds.has(wallet.id) && (!directory.includeWalletIds || directory.includeWalletIds.includes(wallet.id)) && !installedConnector(kernel, wallet);
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
      .forEach((wallet, index) => list(wallet, 'featured', index));
    fetched
      .filter((wallet) => recent.includes(wallet.id))
      .filter(allowed)
      .forEach((wallet, index) => registerDirectoryWallet(kernel, wallet, 'recommended', RECOMMENDED_COUNT + index));
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
      .forEach((wallet, index) => list(wallet, 'recommended', index));
  } catch (error) {
    // 401 / 403: the registry refused the project id (unknown, banned) or this page's origin
    // (not on the project's allowlist); the spec's alert says what to fix.
    if (error instanceof HttpError && (error.status === 401 || error.status === 403)) {
      kernel.logger.error(`The wallet registry refused this app (HTTP ${error.status}): check projectId and the project's allowed origins`, error);
      kernel.alerts.raise('invalid-project-id');
    } else kernel.logger.warn('The wallet registry could not be loaded', error);
  }
  // The Connect view keeps places for these wallets until now.
  done();
}
