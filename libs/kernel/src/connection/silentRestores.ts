import type { Logger } from '../logger/createLogger';
import { DISCONNECTED, type ConnectionStateCell } from './connectionState';
import type { NamespaceDirectory } from './NamespaceDirectory';
import type { PersistedConnection } from './persistedConnection';

/** What a silent reconnect restores: the connector and network left connected. */
export interface RestoredSession {
  connectorId?: string;
  network?: string;
}

/**
 * The namespaces of one store being restored silently: what the previous page load left
 * connected, and what another tab of the site connected since.
 */
export interface SilentRestores {
  /** What is being restored, per namespace. */
  readonly sessions: Map<string, RestoredSession>;
  /**
   * Adopts what another tab stored (`undefined`: it removed the record). A namespace disconnected
   * there is disconnected here (its wallet is no longer used), one connected there while
   * disconnected here is restored silently, recent wallets and account types follow. A namespace
   * this page is connecting keeps its attempt; one no enabled plugin provides is left alone.
   */
  follow(record: PersistedConnection | undefined): void;
  /** Ends the namespace's restore; true when another tab had asked for it (its failure is not written back). */
  forget(namespace: string): boolean;
  /** Adds a reconnect for the namespace, called now if it is being restored; returns its removal. */
  watch(namespace: string, reconnect: (connectorId: string) => void): () => void;
  /**
   * Gives up the restores of namespaces not `known` now, and every restore still pending once
   * the timeout passes (a silent wallet).
   */
  startWindow(known: ReadonlySet<string>): void;
  dispose(): void;
}

/**
 * Creates the restores of one store: every namespace `state` starts with is being restored (the
 * previous page load left it connected). `busy` namespaces (a connect attempt in progress) are
 * not followed; `disconnect` is the store's `setDisconnected`, for a restore given up.
 */
export function createSilentRestores(
  state: ConnectionStateCell,
  busy: ReadonlyMap<string, unknown>,
  directory: NamespaceDirectory,
  logger: Logger,
  timeoutMs: number,
  disconnect: (namespace: string) => void,
): SilentRestores {
  const sessions = new Map<string, RestoredSession>(Object.entries(state.getSnapshot().namespaces).map(([ns, c]) => [ns, { connectorId: c.connectorId, network: c.network }]));
  const watchers = new Map<string, Set<(connectorId: string) => void>>();
  /** Namespaces being restored because another tab connected them. */
  const fromTabs = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pendingRestores = () => [...sessions.keys()].filter((namespace) => state.get(namespace).status === 'connecting');
  const expire = (keep?: ReadonlySet<string>) => {
    for (const namespace of pendingRestores()) if (!keep?.has(namespace)) disconnect(namespace);
  };
  return {
    sessions,
    follow(record) {
      const theirs = record?.namespaces ?? {};
      for (const namespace of new Set([...Object.keys(theirs), ...Object.keys(state.getSnapshot().namespaces)])) {
        if (!directory.known().has(namespace) || busy.has(namespace)) continue;
        const there = theirs[namespace];
        const here = state.get(namespace);
        if (here.status === 'connected' && there?.status !== 'connected') {
          logger.info(`${namespace} was disconnected in another tab`);
          disconnect(namespace);
        } else if (here.status === 'disconnected' && there?.status === 'connected' && there.connectorId) {
          logger.info(`${namespace} was connected in another tab: restoring it here`);
          const { connectorId, network } = there;
          sessions.set(namespace, { connectorId, ...(network ? { network } : {}) });
          fromTabs.add(namespace);
          state.update(namespace, { ...DISCONNECTED, status: 'connecting', connectorId, network: network ?? here.network });
          for (const reconnect of [...(watchers.get(namespace) ?? [])]) reconnect(connectorId);
        }
      }
      if (record) state.set((s) => ({ ...s, preferredAccountTypes: record.preferredAccountTypes, recentWallets: record.recentWallets }));
    },
    forget(namespace) {
      sessions.delete(namespace);
      return fromTabs.delete(namespace);
    },
    watch(namespace, reconnect) {
      const set = watchers.get(namespace) ?? new Set();
      set.add(reconnect);
      watchers.set(namespace, set);
      const connectorId = sessions.get(namespace)?.connectorId;
      if (connectorId && state.get(namespace).status === 'connecting') reconnect(connectorId);
      return () => void set.delete(reconnect);
    },
    startWindow(known) {
      expire(known);
      clearTimeout(timer);
      timer = undefined;
      // No timer when nothing is being restored (a first visit, a disconnected wallet).
      if (pendingRestores().length) timer = setTimeout(() => expire(), timeoutMs);
    },
    dispose() {
      clearTimeout(timer);
      watchers.clear();
    },
  };
}
