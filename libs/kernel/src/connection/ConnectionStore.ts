import '../di/installReflect';
import { inject, injectable } from '#tsyringe';
import { kernelRefs, type KernelSettings } from '../kernelRefs';
import type { EventBus } from '../events/createEventBus';
import type { ConnectionStatus } from '../events/PorticoEvents';
import { AdapterNotFoundError, ConnectCancelledError, InvalidCaipNetworkIdError, NoActiveCaipAddressError } from '../errors/kernelErrors';
import { parseCaipAddress, parseCaipNetworkId } from '../caip/caip';
import type { AccountType } from '../taxonomy/connectors';
import type { Logger } from '../logger/createLogger';
import type { StoragePort } from '../storage/StoragePort';
import { createObservable, type Observable, type WritableObservable } from '../state/createObservable';
import { loadPersistedConnection, parsePersistedConnection, type PersistedConnection } from './persistedConnection';

/** Wallets remembered as recent (spec: 2). */
export const RECENT_WALLETS_KEPT = 2;

/** A connected account: a CAIP-10 address and its kind. */
export interface Account {
  readonly address: string;
  readonly type: AccountType;
  readonly publicKey?: string;
  readonly path?: string;
}

/** The connection of one chain namespace. */
export interface NamespaceConnection {
  readonly status: ConnectionStatus;
  readonly accounts: readonly Account[];
  /** CAIP-10 address of the selected account. */
  readonly address: string | undefined;
  /** CAIP-2 id of the active network; may be one the app does not support. */
  readonly network: string | undefined;
  readonly connectorId: string | undefined;
}

/** A wallet the user connected with recently. */
export interface RecentWallet {
  readonly id: string;
  readonly name: string;
  readonly rdns?: string;
}

/** The store's snapshot. */
export interface ConnectionState {
  readonly namespaces: Readonly<Record<string, NamespaceConnection>>;
  readonly activeNamespace: string | undefined;
  readonly preferredAccountTypes: Readonly<Record<string, AccountType>>;
  readonly recentWallets: readonly RecentWallet[];
}

/**
 * A connect attempt on one namespace (`ConnectionStore.beginConnect`). Only the current attempt
 * may connect: once it is cancelled or a newer attempt starts, whatever its wallet answers is
 * dropped (`setConnected` with a stale ticket changes nothing).
 */
export interface ConnectTicket {
  /** Unique within the store, increasing. */
  readonly id: number;
  readonly namespace: string;
  readonly connectorId: string;
  /** Aborts (reason: `ConnectCancelledError`) when the attempt is cancelled or superseded. */
  readonly signal: AbortSignal;
  /** True while this is the namespace's attempt in progress. */
  isCurrent(): boolean;
  /**
   * Ends the attempt without a connection. If it is still current, the namespace returns to the
   * status and connector it had before the attempt: a wallet connected before stays connected.
   * Idempotent; a no-op once the attempt connected or was superseded.
   */
  abandon(): void;
}

/** The settled status a namespace returns to when its pending attempt is abandoned. */
interface PendingAttempt {
  readonly id: number;
  readonly connectorId: string;
  readonly controller: AbortController;
  previous: { status: ConnectionStatus; connectorId: string | undefined };
}

/** What the store needs to know of the enabled chain plugins. */
export interface NamespaceDirectory {
  /** Namespaces some enabled chain plugin provides. */
  known(): ReadonlySet<string>;
  /** The providing plugin's default account type. */
  defaultAccountType(namespace: string): AccountType | undefined;
  /** The account types the providing plugin lists (`undefined`: it lists none, any goes). */
  accountTypes(namespace: string): readonly AccountType[] | undefined;
  /** The namespace's display name, as its chain plugin's manifest gives it (English). */
  nameOf(namespace: string): string | undefined;
}

const DISCONNECTED: NamespaceConnection = {
  status: 'disconnected',
  accounts: [],
  address: undefined,
  network: undefined,
  connectorId: undefined,
};

/**
 * Connection state per chain namespace. Status, connected namespaces, networks,
 * connectors, preferred account types and recent wallets persist through the storage
 * port; namespaces that were connected come back as `connecting` until their chain
 * plugin reconnects silently, or the reconnect window (`startReconnectWindow`) closes.
 */
@injectable()
export class ConnectionStore implements Observable<ConnectionState> {
  private readonly state: WritableObservable<ConnectionState>;
  private readonly storageKey: string;
  private readonly restored = new Map<string, { connectorId?: string; network?: string }>();
  private readonly pending = new Map<string, PendingAttempt>();
  private attempts = 0;
  /** The stored record as this page last wrote or read it: anything else there came from another tab. */
  private lastStored: string | null;
  private readonly restoreWatchers = new Map<string, Set<(connectorId: string) => void>>();
  /** Namespaces being restored because another tab connected them: a failure here is not written back. */
  private readonly tabRestores = new Set<string>();
  /** While above zero, changes are not written (adopting another tab's record writes nothing back). */
  private writesHeld = 0;
  private readonly unsubscribeStorage: () => void;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly reconnectTimeoutMs: number;

  constructor(
    @inject(kernelRefs.events.id) private readonly events: EventBus,
    @inject(kernelRefs.storage.id) private readonly storage: StoragePort,
    @inject(kernelRefs.settings.id) settings: KernelSettings,
    @inject(kernelRefs.namespaces.id) private readonly directory: NamespaceDirectory,
    @inject(kernelRefs.logger.id) private readonly logger: Logger,
  ) {
    this.storageKey = `${settings.storageKey}/connection`;
    this.reconnectTimeoutMs = settings.reconnectTimeoutMs;
    const saved = loadPersistedConnection(storage, this.storageKey, logger);
    this.lastStored = storage.get(this.storageKey);
    const namespaces: Record<string, NamespaceConnection> = {};
    for (const [ns, entry] of Object.entries(saved.namespaces)) {
      if (entry.status !== 'connected') continue;
      this.restored.set(ns, { connectorId: entry.connectorId, network: entry.network });
      namespaces[ns] = { ...DISCONNECTED, status: 'connecting', network: entry.network, connectorId: entry.connectorId };
    }
    this.state = createObservable<ConnectionState>({
      namespaces,
      activeNamespace: saved.activeNamespace,
      preferredAccountTypes: saved.preferredAccountTypes,
      recentWallets: saved.recentWallets,
    });
    // Another tab of the site connected or disconnected: this one follows.
    this.unsubscribeStorage = storage.subscribe?.((key) => (key === null || key === this.storageKey) && this.syncFromStorage()) ?? (() => undefined);
  }

  /** Stops following other tabs (the kernel's dispose). */
  dispose(): void {
    clearTimeout(this.reconnectTimer);
    this.unsubscribeStorage();
    this.restoreWatchers.clear();
    for (const namespace of [...this.pending.keys()]) this.endPending(namespace, 'superseded');
  }

  /**
   * Calls `reconnect` with the connector to restore silently: now, for what the previous page
   * load left connected, and again whenever another tab of the site connects the namespace while
   * it is disconnected here. Chain plugins answer with their silent reconnect (no prompt).
   */
  watchRestores(namespace: string, reconnect: (connectorId: string) => void): () => void {
    const set = this.restoreWatchers.get(namespace) ?? new Set();
    set.add(reconnect);
    this.restoreWatchers.set(namespace, set);
    const restored = this.restored.get(namespace);
    if (restored?.connectorId && this.get(namespace).status === 'connecting') reconnect(restored.connectorId);
    return () => void set.delete(reconnect);
  }

  /**
   * Adopts what another tab stored, when it differs from what this page last wrote or read:
   * a namespace disconnected there is disconnected here (its wallet is no longer used), one
   * connected there while disconnected here is restored silently, recent wallets and account
   * types follow. A namespace this page is connecting keeps its attempt. Runs before every
   * write too, so a tab that missed an event never writes stale state over newer state.
   */
  private syncFromStorage(): void {
    const text = this.storage.get(this.storageKey);
    if (text === this.lastStored) return;
    this.lastStored = text;
    const record = text === null ? undefined : parsePersistedConnection(text);
    if (text !== null && !record) {
      this.logger.warn('Ignored unreadable connection data another tab stored');
      return;
    }
    const theirs = record?.namespaces ?? {};
    this.writesHeld++;
    try {
      this.adopt(theirs, record);
    } finally {
      this.writesHeld--;
    }
  }

  private adopt(theirs: PersistedConnection['namespaces'], record: PersistedConnection | undefined): void {
    for (const namespace of new Set([...Object.keys(theirs), ...Object.keys(this.getSnapshot().namespaces)])) {
      if (!this.directory.known().has(namespace) || this.pending.has(namespace)) continue;
      const there = theirs[namespace];
      const here = this.get(namespace);
      if (here.status === 'connected' && there?.status !== 'connected') {
        this.logger.info(`${namespace} was disconnected in another tab`);
        this.setDisconnected(namespace);
      } else if (here.status === 'disconnected' && there?.status === 'connected' && there.connectorId) {
        this.logger.info(`${namespace} was connected in another tab: restoring it here`);
        this.restored.set(namespace, { connectorId: there.connectorId, ...(there.network ? { network: there.network } : {}) });
        this.tabRestores.add(namespace);
        this.update(namespace, { ...DISCONNECTED, status: 'connecting', connectorId: there.connectorId, network: there.network ?? here.network });
        for (const reconnect of [...(this.restoreWatchers.get(namespace) ?? [])]) reconnect(there.connectorId);
      }
    }
    if (record) {
      this.state.set((s) => ({ ...s, preferredAccountTypes: { ...record.preferredAccountTypes }, recentWallets: [...record.recentWallets] }));
    }
  }

  getSnapshot(): ConnectionState {
    return this.state.getSnapshot();
  }

  subscribe(listener: () => void): () => void {
    return this.state.subscribe(listener);
  }

  /** The connection of a namespace (disconnected when never seen). */
  get(namespace: string): NamespaceConnection {
    return this.getSnapshot().namespaces[namespace] ?? DISCONNECTED;
  }

  /** What the previous page load left for `namespace`, for a silent reconnect. */
  restoredSession(namespace: string): { connectorId?: string; network?: string } | undefined {
    return this.restored.get(namespace);
  }

  /**
   * Preferred account type: the user's choice when the chain plugin declares that type (a
   * stored choice the plugin no longer knows is ignored), else the plugin's default.
   */
  preferredAccountType(namespace: string): AccountType | undefined {
    const chosen = this.getSnapshot().preferredAccountTypes[namespace];
    const declared = this.directory.accountTypes(namespace);
    return chosen !== undefined && (!declared || declared.includes(chosen)) ? chosen : this.directory.defaultAccountType(namespace);
  }

  /**
   * Marks a namespace connecting, without an attempt the store can cancel (simple chain plugins).
   * A pending `beginConnect` attempt on it is superseded.
   */
  setConnecting(namespace: string, connectorId?: string): void {
    this.assertKnown(namespace);
    this.endPending(namespace, 'superseded');
    this.update(namespace, { ...this.get(namespace), status: 'connecting', connectorId });
  }

  /**
   * Starts a connect attempt: the namespace shows `connecting` (accounts kept), and a pending
   * attempt on it is superseded (its signal aborts). Aborting `signal` cancels this attempt
   * (`abandon`). While it is pending, storage keeps the status from before it, so a reload in
   * the middle of an attempt restores what was connected.
   */
  beginConnect(namespace: string, connectorId: string, signal?: AbortSignal): ConnectTicket {
    this.assertKnown(namespace);
    const superseded = this.pending.get(namespace);
    const current = this.get(namespace);
    const previous = superseded ? superseded.previous : { status: current.status, connectorId: current.connectorId };
    this.endPending(namespace, 'superseded');
    const id = ++this.attempts;
    const controller = new AbortController();
    const ticket: ConnectTicket = {
      id,
      namespace,
      connectorId,
      signal: controller.signal,
      isCurrent: () => this.pending.get(namespace)?.id === id,
      abandon: () => {
        const entry = this.pending.get(namespace);
        if (entry?.id !== id) return;
        this.pending.delete(namespace);
        controller.abort(new ConnectCancelledError());
        this.update(namespace, { ...this.get(namespace), status: entry.previous.status, connectorId: entry.previous.connectorId });
        this.events.emit('connection:attempt-abandoned', { namespace, connectorId, reason: 'ended' });
      },
    };
    if (signal?.aborted) {
      controller.abort(new ConnectCancelledError());
      return ticket;
    }
    this.pending.set(namespace, { id, connectorId, controller, previous });
    signal?.addEventListener('abort', () => ticket.abandon(), { once: true });
    this.update(namespace, { ...current, status: 'connecting', connectorId });
    return ticket;
  }

  /**
   * Marks connected. Needs at least one account (`NoActiveCaipAddressError`); addresses must
   * be CAIP-10 of this namespace; the first of the preferred account type (bip122:
   * payment over ordinal) is selected, else the first.
   */
  setConnected(namespace: string, input: { accounts: readonly Account[]; network?: string; connectorId?: string; attempt?: ConnectTicket }): void {
    this.assertKnown(namespace);
    // A cancelled or superseded attempt's late answer: dropped, nothing changes.
    if (input.attempt && !input.attempt.isCurrent()) throw new ConnectCancelledError(input.attempt.signal.aborted ? 'cancelled' : 'superseded');
    if (input.accounts.length === 0) throw new NoActiveCaipAddressError();
    const accounts = this.checkAccounts(namespace, input.accounts);
    const network = input.network ?? accounts[0]?.address.split(':').slice(0, 2).join(':');
    if (network !== undefined) this.checkNetwork(namespace, network);
    const wasConnected = (this.pending.get(namespace)?.previous.status ?? this.get(namespace).status) === 'connected';
    if (input.attempt) this.pending.delete(namespace);
    else this.endPending(namespace, 'superseded');
    this.restored.delete(namespace);
    this.tabRestores.delete(namespace);
    this.update(namespace, {
      status: 'connected',
      accounts,
      address: (accounts.find((a) => a.type === this.preferredAccountType(namespace)) ?? accounts[0])?.address,
      network,
      connectorId: input.connectorId ?? this.get(namespace).connectorId,
    });
    this.state.set((s) => {
      const keep = s.activeNamespace !== undefined && s.namespaces[s.activeNamespace]?.status === 'connected';
      return keep ? s : { ...s, activeNamespace: namespace };
    });
    this.persist();
    if (!wasConnected) {
      this.events.emit('account:connected', { namespace, address: this.get(namespace).address!, connectorId: this.get(namespace).connectorId });
    }
  }

  /** Replaces the accounts (wallet `accountsChanged`); an empty list disconnects. */
  setAccounts(namespace: string, accounts: readonly Account[]): void {
    if (accounts.length === 0) return this.setDisconnected(namespace);
    const current = this.get(namespace);
    const checked = this.checkAccounts(namespace, accounts);
    const address = checked.some((a) => a.address === current.address) ? current.address : checked[0]!.address;
    this.update(namespace, { ...current, accounts: checked, address });
    if (address !== current.address && address) this.events.emit('account:changed', { namespace, address });
  }

  /** Sets the active network (wallet `chainChanged` or a switch). */
  setNetwork(namespace: string, network: string): void {
    this.assertKnown(namespace);
    this.checkNetwork(namespace, network);
    const current = this.get(namespace);
    if (current.network === network) return;
    this.update(namespace, { ...current, network });
    this.events.emit('network:switched', { namespace, network });
  }

  setDisconnected(namespace: string): void {
    const current = this.getSnapshot().namespaces[namespace];
    this.restored.delete(namespace);
    // A restore another tab asked for failed here (say, no such wallet in this tab): the other tab stays connected.
    if (this.tabRestores.delete(namespace) && current?.status === 'connecting') {
      this.writesHeld++;
      try {
        this.update(namespace, { ...DISCONNECTED, network: current.network });
        this.dropActiveNamespace(namespace);
      } finally {
        this.writesHeld--;
      }
      return;
    }
    if (!current) return;
    const pending = this.pending.get(namespace);
    if (pending) {
      // What was connected before the attempt went away: the attempt goes on, and abandoning it leaves the namespace disconnected.
      const wasConnected = pending.previous.status === 'connected';
      pending.previous = { status: 'disconnected', connectorId: undefined };
      this.update(namespace, { ...DISCONNECTED, status: 'connecting', connectorId: current.connectorId, network: current.network });
      this.dropActiveNamespace(namespace);
      this.persist();
      if (wasConnected) this.events.emit('account:disconnected', { namespace });
      return;
    }
    const wasConnected = current.status === 'connected';
    this.update(namespace, { ...DISCONNECTED, network: current.network });
    this.dropActiveNamespace(namespace);
    this.persist();
    if (wasConnected) this.events.emit('account:disconnected', { namespace });
  }

  setActiveNamespace(namespace: string): void {
    this.assertKnown(namespace);
    this.state.set((s) => ({ ...s, activeNamespace: namespace }));
    this.persist();
  }

  setPreferredAccountType(namespace: string, type: AccountType): void {
    this.assertKnown(namespace);
    this.state.set((s) => ({ ...s, preferredAccountTypes: { ...s.preferredAccountTypes, [namespace]: type } }));
    this.persist();
  }

  /** Records a wallet as most recent; keeps the last two, without duplicates. */
  addRecentWallet(wallet: RecentWallet): void {
    const entry: RecentWallet = wallet.rdns ? { id: wallet.id, name: wallet.name, rdns: wallet.rdns } : { id: wallet.id, name: wallet.name };
    this.state.set((s) => ({
      ...s,
      recentWallets: [entry, ...s.recentWallets.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_KEPT),
    }));
    this.persist();
  }

  /**
   * Called once the plugins have started: restored namespaces no plugin provides are dropped
   * now, and every reconnect still pending when `reconnectTimeoutMs` passes (a silent wallet)
   * is given up.
   */
  startReconnectWindow(known: ReadonlySet<string>): void {
    this.expireReconnects((ns) => !known.has(ns));
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    // No timer when nothing is being restored (a first visit, a disconnected wallet).
    if (this.pendingRestores().length) this.reconnectTimer = setTimeout(() => this.expireReconnects(), this.reconnectTimeoutMs);
  }

  private expireReconnects(filter: (namespace: string) => boolean = () => true): void {
    for (const namespace of this.pendingRestores()) if (filter(namespace)) this.setDisconnected(namespace);
  }

  /** Restored namespaces still reconnecting. */
  private pendingRestores(): string[] {
    return [...this.restored.keys()].filter((namespace) => this.get(namespace).status === 'connecting');
  }

  /** Ends the namespace's pending attempt without restoring anything (something else settled it). */
  private endPending(namespace: string, reason: 'superseded'): void {
    const entry = this.pending.get(namespace);
    if (!entry) return;
    this.pending.delete(namespace);
    entry.controller.abort(new ConnectCancelledError(reason));
    this.events.emit('connection:attempt-abandoned', { namespace, connectorId: entry.connectorId, reason: 'superseded' });
  }

  private dropActiveNamespace(namespace: string): void {
    this.state.set((s) => {
      if (s.activeNamespace !== namespace) return s;
      const other = Object.entries(s.namespaces).find(([, c]) => c.status === 'connected')?.[0];
      return { ...s, activeNamespace: other };
    });
  }

  private update(namespace: string, next: NamespaceConnection): void {
    const previous = this.get(namespace).status;
    this.state.set((s) => ({ ...s, namespaces: { ...s.namespaces, [namespace]: next } }));
    this.persist();
    if (previous !== next.status) {
      this.events.emit('connection:status-changed', { namespace, status: next.status });
    }
  }

  private assertKnown(namespace: string): void {
    if (!this.directory.known().has(namespace)) {
      throw new AdapterNotFoundError(`no enabled chain plugin provides "${namespace}"`);
    }
  }

  private checkAccounts(namespace: string, accounts: readonly Account[]): Account[] {
    return accounts.map((account) => {
      const parsed = parseCaipAddress(account.address, this.directory.known());
      if (parsed.namespace !== namespace) {
        throw new AdapterNotFoundError(`account ${account.address} is not in namespace "${namespace}"`);
      }
      return account;
    });
  }

  private checkNetwork(namespace: string, network: string): void {
    if (parseCaipNetworkId(network).namespace !== namespace) {
      throw new InvalidCaipNetworkIdError(`"${network}" is not in namespace "${namespace}"`);
    }
  }

  private persist(): void {
    if (this.writesHeld > 0) return;
    // What another tab wrote since this page last looked comes first: never write over newer state.
    this.syncFromStorage();
    const s = this.getSnapshot();
    const record: PersistedConnection = {
      v: 2,
      namespaces: Object.fromEntries(
        Object.entries(s.namespaces).map(([ns, c]) => {
          // An attempt in progress is not stored: a reload meanwhile restores what was settled before it.
          const settled = this.pending.get(ns)?.previous ?? c;
          // Still reconnecting after a reload: keep what was restored, or the next load forgets it.
          const status = this.restored.has(ns) && settled.status === 'connecting' ? 'connected' : settled.status;
          const connectorId = settled.connectorId;
          return [ns, { status, ...(connectorId ? { connectorId } : {}), ...(c.network ? { network: c.network } : {}) }];
        }),
      ),
      preferredAccountTypes: { ...s.preferredAccountTypes },
      recentWallets: [...s.recentWallets],
      ...(s.activeNamespace ? { activeNamespace: s.activeNamespace } : {}),
    };
    const text = JSON.stringify(record);
    this.lastStored = text;
    this.storage.set(this.storageKey, text);
  }
}
