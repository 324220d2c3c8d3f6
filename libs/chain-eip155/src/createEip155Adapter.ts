import { createWalletSlots, loadOnce, PorticoError, type ChainAdapter } from '@portico/kernel';
import { LEGACY_INJECTED_ID, type Eip155AdapterParts, type HostListeners } from './adapterParts';
import type { ListedWallet } from './discovery/createRdnsClaims';
import type { Eip1193Provider } from './discovery/Eip1193Provider';
import type { AnnouncedWallet } from './discovery/parseAnnouncement';
import type { AnnouncementReading } from './discovery/readAnnouncement';
import type { WalletListing } from './discovery/walletListing';
import type { Eip155Session } from './session';

export { ADD_CHAIN_CODES, InvalidWalletResponseError, LEGACY_INJECTED_ID } from './adapterParts';
export type { Eip155AdapterParts } from './adapterParts';

const NS = 'eip155';

/**
 * The eip155 chain adapter: wallets discovered by EIP-6963 (and the legacy injected
 * provider) become connectors; connecting, wallet events and network switches keep the
 * kernel's connection store in sync. An rdns claimed by two providers is a conflict
 * (`createRdnsClaims`): shown to the user, never reconnected silently.
 *
 * Three parts: this one, in the page's first load, takes announcements as they arrive; checking
 * and listing them (`discovery/walletListing.ts`) loads once a wallet has announced; everything a
 * session needs (`session.ts`, with viem's helpers) loads with the first call that needs it, or
 * ahead of time by `preload` (the plugin calls it when the modal opens).
 */
export function createEip155Adapter(parts: Eip155AdapterParts): ChainAdapter & {
  /** An EIP-6963 announcement as read when it arrived (`listenForAnnouncements`): checked and listed once the listing has loaded. */
  addReading(reading: AnnouncementReading): void;
  /** A wallet already checked (`parseAnnouncement`), listed once the listing has loaded. */
  addWallet(wallet: AnnouncedWallet): void;
  addLegacyProvider(provider: Eip1193Provider): void;
  reconnect(connectorId: string): Promise<boolean>;
  /** Fetches the listing's and the session half's code ahead of use; resolves when it is there, or when loading failed (the next call retries). */
  preload(): Promise<void>;
  /** While announcements wait for the listing's code: resolves once they are listed. Undefined when nothing waits. */
  listed(): Promise<void> | undefined;
  dispose(): void;
} {
  const { connectors } = parts;
  const wallets = createWalletSlots<ListedWallet>();
  const unregister: Array<() => void> = [];
  const hostListeners: HostListeners = new Map();
  let disposed = false;
  const refuseIfDisposed = () => {
    if (disposed) throw new PorticoError('The eip155 adapter was disposed', { code: 'eip155/disposed' });
  };

  // Announcements (or checked wallets) that arrived before the listing's code.
  const queued: Array<(listing: WalletListing) => void> = [];
  const listing = loadOnce(() =>
    import('./discovery/walletListing').then(({ createWalletListing }) => {
      refuseIfDisposed();
      const made = createWalletListing({
        connectors,
        logger: parts.logger,
        pluginId: parts.pluginId,
        namespace: NS,
        slots: wallets,
        // Only a session restored silently can be contested, and a session means the half is loaded.
        onContested: (rdns) => session.current?.onContested(rdns),
        onIgnored: (reason) => parts.logger.warn(`Ignored an EIP-6963 announcement: ${reason}`),
      });
      for (const add of queued.splice(0)) add(made);
      return made;
    }),
  );
  const list = (add: (listing: WalletListing) => void) => {
    if (listing.current) return add(listing.current);
    queued.push(add);
    void listing().catch((error: unknown) => parts.logger.warn('The EIP-6963 listing failed to load: announced wallets are not listed yet', error));
  };

  const session = loadOnce(() =>
    Promise.all([import('./session'), listing()]).then(([{ createEip155Session }, claims]) => {
      refuseIfDisposed();
      return createEip155Session({ parts, wallets, claims, hostListeners });
    }),
  );

  /** A session method, called once the session half has loaded. */
  const SESSION_METHODS = ['connect', 'disconnect', 'switchNetwork', 'getBalance', 'estimateFee', 'describeApproval', 'getIdentity', 'getTokens', 'getActivity', 'getNfts', 'checkRecipient', 'estimateTransfer', 'sendTransfer', 'transferStatus', 'signMessage', 'readRpc'] as const;
  type SessionMethod = (typeof SESSION_METHODS)[number];
  const viaSession =
    <K extends SessionMethod>(name: K) =>
    async (...args: Parameters<Eip155Session[K]>): Promise<Awaited<ReturnType<Eip155Session[K]>>> =>
      ((await session())[name] as (...a: Parameters<Eip155Session[K]>) => Promise<Awaited<ReturnType<Eip155Session[K]>>>)(...args);

  /** One EIP-1193 provider object for the host: it always answers with a promise, and its listeners survive wallet changes. */
  const gatedProvider: Eip1193Provider = {
    request: async (args) => (await session()).request(args),
    on: (event, listener) => {
      const set = hostListeners.get(event) ?? new Set();
      set.add(listener);
      hostListeners.set(event, set);
    },
    removeListener: (event, listener) => void hostListeners.get(event)?.delete(listener),
  };

  return {
    namespace: NS,
    addReading: (reading) => list((l) => l.addReading(reading)),
    addWallet: (wallet) => list((l) => l.addWallet(wallet)),
    addLegacyProvider(provider) {
      if (wallets.has(LEGACY_INJECTED_ID)) return;
      try {
        unregister.push(connectors.register({ id: LEGACY_INJECTED_ID, name: 'Browser Wallet', type: 'INJECTED', namespaces: [NS] }, parts.pluginId));
      } catch (error) {
        parts.logger.warn(`Ignored wallet "${LEGACY_INJECTED_ID}"`, error);
        return;
      }
      wallets.set(LEGACY_INJECTED_ID, { id: LEGACY_INJECTED_ID, provider });
    },
    listed: () => (listing.current || queued.length === 0 ? undefined : listing().then(() => undefined)),
    // Fetches the code only; the session itself is made by the first call that needs it (made any
    // earlier, before a wallet was chosen, Chromium held back idle periods after the modal closed).
    // The session half's methods, each called once that half has loaded.
    ...(Object.fromEntries(SESSION_METHODS.map((name) => [name, viaSession(name)])) as { [K in SessionMethod]: (...args: Parameters<Eip155Session[K]>) => Promise<Awaited<ReturnType<Eip155Session[K]>>> }),
    preload: () => Promise.all([import('./session'), listing()]).then(
      () => undefined,
      () => undefined,
    ),
    async reconnect(connectorId) {
      let loaded: Eip155Session;
      try {
        loaded = await session();
      } catch (error) {
        // As when the wallet does not answer: the restore ends, and the user connects again.
        parts.logger.warn('The eip155 session module failed to load: the connection is not restored', error);
        const now = parts.connection.get(NS);
        if (now.status === 'connecting' && now.connectorId === connectorId) parts.connection.setDisconnected(NS);
        return false;
      }
      return loaded.reconnect(connectorId);
    },
    getProvider: () => gatedProvider,
    attachProvider(connectorId, provider) {
      const candidate = provider as Eip1193Provider | undefined;
      if (typeof candidate?.request !== 'function') throw new PorticoError(`The provider for "${connectorId}" has no request()`, { code: 'eip155/invalid-provider' });
      if (wallets.has(connectorId)) throw new PorticoError(`"${connectorId}" already has a provider`, { code: 'eip155/provider-taken' });
      const wallet: ListedWallet = { id: connectorId, provider: candidate };
      wallets.set(connectorId, wallet);
      // Detaching (the plugin is disposed, e.g. the page unloads) keeps the stored connection,
      // so the next load restores it; the provider's listeners go.
      return () => {
        if (wallets.delete(connectorId, wallet)) session.current?.release(wallet);
      };
    },
    dispose() {
      disposed = true;
      session.current?.dispose();
      hostListeners.clear();
      for (const off of unregister.splice(0)) off();
      listing.current?.dispose();
      queued.length = 0;
      wallets.clear();
    },
  };
}
