import '../di/installReflect';
import { inject, injectable } from '#tsyringe';
import { kernelRefs, type KernelSettings } from '../kernelRefs';
import type { EventBus } from '../events/createEventBus';
import { ConnectCancelledError, NoActiveCaipAddressError } from '../errors/kernelErrors';
import type { AccountType } from '../taxonomy/connectors';
import type { Logger } from '../logger/createLogger';
import type { StoragePort } from '../storage/StoragePort';
import type { Observable } from '../state/createObservable';
import { loadConnectionState, toPersistedConnection } from './persistedConnection';
import { ConnectionStateCell, DISCONNECTED, type Account, type ConnectionState, type NamespaceConnection } from './connectionState';
import { ConnectAttempts, type ConnectTicket } from './connectAttempts';
import { createCurrentAttempt, type CurrentAttempt } from './currentAttempt';
import { createSilentRestores, type SilentRestores } from './silentRestores';
import { createSharedConnectionRecord, type SharedConnectionRecord } from './sharedConnectionRecord';
import { assertKnown, checkAccounts, checkNetwork, type NamespaceDirectory } from './NamespaceDirectory';
import { preferredAccountTypeOf } from './accountTypePreference';
import { withRecentWallet, type RecentWallet } from './recentWallets';

export type { Account, ConnectionState, ConnectTicket, CurrentAttempt, NamespaceConnection, NamespaceDirectory, RecentWallet };
export type { AttemptOutcome, ConnectAttempt, ConnectionAttempt } from './currentAttempt';
export { RECENT_WALLETS_KEPT } from './recentWallets';

/**
 * Connection state per chain namespace. Status, connected namespaces, networks,
 * connectors, preferred account types and recent wallets persist through the storage
 * port; namespaces that were connected come back as `connecting` until their chain
 * plugin reconnects silently, or the reconnect window (`startReconnectWindow`) closes.
 * The store checks input and tells the events; it composes the state (`connectionState`),
 * the user's connect attempt (`currentAttempt`), its tickets per namespace (`connectAttempts`), silent restores (`silentRestores`) and the record
 * the site's tabs share (`sharedConnectionRecord`).
 */
@injectable()
export class ConnectionStore implements Observable<ConnectionState> {
  /** The connect attempt in progress across a connector's namespaces: what the Connecting view shows, begun and cancelled here. */
  readonly attempt: CurrentAttempt = createCurrentAttempt();
  private readonly state: ConnectionStateCell;
  private readonly attempts: ConnectAttempts;
  private readonly restores: SilentRestores;
  private readonly record: SharedConnectionRecord;

  constructor(
    @inject(kernelRefs.events.id) private readonly events: EventBus,
    @inject(kernelRefs.storage.id) storage: StoragePort,
    @inject(kernelRefs.settings.id) settings: KernelSettings,
    @inject(kernelRefs.namespaces.id) private readonly directory: NamespaceDirectory,
    @inject(kernelRefs.logger.id) logger: Logger,
  ) {
    const key = `${settings.storageKey}/connection`;
    this.state = new ConnectionStateCell(loadConnectionState(storage, key, logger), events, () => this.record.write());
    this.attempts = new ConnectAttempts(events, this.state);
    this.restores = createSilentRestores(this.state, this.attempts.pending, directory, logger, settings.reconnectTimeoutMs, (ns) => this.setDisconnected(ns));
    this.record = createSharedConnectionRecord(storage, key, logger, this.restores.follow, () =>
      toPersistedConnection(this.getSnapshot(), this.attempts.pending, this.restores.sessions),
    );
  }

  /** Stops following other tabs (the kernel's dispose). */
  dispose(): void {
    this.restores.dispose();
    this.record.dispose();
    this.attempt.current?.cancel();
    for (const namespace of [...this.attempts.pending.keys()]) this.attempts.end(namespace);
  }

  /**
   * Calls `reconnect` with the connector to restore silently: now, for what the previous page
   * load left connected, and again whenever another tab of the site connects the namespace while
   * it is disconnected here. Chain plugins answer with their silent reconnect (no prompt).
   */
  watchRestores(namespace: string, reconnect: (connectorId: string) => void): () => void {
    return this.restores.watch(namespace, reconnect);
  }

  getSnapshot(): ConnectionState {
    return this.state.getSnapshot();
  }

  subscribe(listener: () => void): () => void {
    return this.state.subscribe(listener);
  }

  /** The connection of a namespace (disconnected when never seen). */
  get(namespace: string): NamespaceConnection {
    return this.state.get(namespace);
  }

  /** What the previous page load left for `namespace`, for a silent reconnect. */
  restoredSession(namespace: string): { connectorId?: string; network?: string } | undefined {
    return this.restores.sessions.get(namespace);
  }

  /**
   * Preferred account type: the user's choice when the chain plugin declares that type (a
   * stored choice the plugin no longer knows is ignored), else the plugin's default.
   */
  preferredAccountType(namespace: string): AccountType | undefined {
    return preferredAccountTypeOf(this.directory, namespace, this.getSnapshot().preferredAccountTypes[namespace]);
  }

  /** Marks a namespace connecting without a ticket (simple chain plugins); a pending ticket is superseded. */
  setConnecting(namespace: string, connectorId?: string): void {
    assertKnown(this.directory, namespace);
    this.attempts.end(namespace);
    this.state.update(namespace, { ...this.get(namespace), status: 'connecting', connectorId });
  }

  /**
   * Starts a namespace's part of a connect attempt (`signal`: the attempt's; aborting it abandons
   * the ticket): the namespace shows `connecting`, accounts kept, a pending ticket is superseded.
   * Meanwhile storage keeps the status from before, so a reload restores what was connected.
   */
  beginConnect(namespace: string, connectorId: string, signal?: AbortSignal): ConnectTicket {
    assertKnown(this.directory, namespace);
    return this.attempts.begin(namespace, connectorId, signal);
  }

  /**
   * Marks connected. Needs at least one account (`NoActiveCaipAddressError`); addresses must
   * be CAIP-10 of this namespace; the first of the preferred account type (bip122:
   * payment over ordinal) is selected, else the first.
   */
  setConnected(namespace: string, input: { accounts: readonly Account[]; network?: string; connectorId?: string; attempt?: ConnectTicket }): void {
    assertKnown(this.directory, namespace);
    // A cancelled or superseded attempt's late answer: dropped, nothing changes.
    if (input.attempt && !input.attempt.isCurrent()) throw new ConnectCancelledError(input.attempt.signal.aborted ? 'cancelled' : 'superseded');
    if (input.accounts.length === 0) throw new NoActiveCaipAddressError();
    const accounts = checkAccounts(this.directory, namespace, input.accounts);
    const network = input.network ?? accounts[0]?.address.split(':').slice(0, 2).join(':');
    if (network !== undefined) checkNetwork(namespace, network);
    const wasConnected = this.attempts.settle(namespace, input.attempt).status === 'connected';
    this.restores.forget(namespace);
    const address = (accounts.find((a) => a.type === this.preferredAccountType(namespace)) ?? accounts[0])?.address;
    this.state.update(namespace, { status: 'connected', accounts, address, network, connectorId: input.connectorId ?? this.get(namespace).connectorId });
    // The namespace becomes the active one, unless another connected namespace is.
    this.state.set((s) => (s.activeNamespace !== undefined && s.namespaces[s.activeNamespace]?.status === 'connected' ? s : { ...s, activeNamespace: namespace }));
    if (!wasConnected) this.events.emit('account:connected', { namespace, address: this.get(namespace).address!, connectorId: this.get(namespace).connectorId });
  }

  /** Replaces the accounts (wallet `accountsChanged`); an empty list disconnects. */
  setAccounts(namespace: string, accounts: readonly Account[]): void {
    if (accounts.length === 0) return this.setDisconnected(namespace);
    const current = this.get(namespace);
    const checked = checkAccounts(this.directory, namespace, accounts);
    const address = checked.some((a) => a.address === current.address) ? current.address : checked[0]!.address;
    this.state.update(namespace, { ...current, accounts: checked, address });
    if (address !== current.address && address) this.events.emit('account:changed', { namespace, address });
  }

  /** Sets the active network (wallet `chainChanged` or a switch). */
  setNetwork(namespace: string, network: string): void {
    assertKnown(this.directory, namespace);
    checkNetwork(namespace, network);
    const current = this.get(namespace);
    if (current.network === network) return;
    this.state.update(namespace, { ...current, network });
    this.events.emit('network:switched', { namespace, network });
  }

  setDisconnected(namespace: string): void {
    const current = this.getSnapshot().namespaces[namespace];
    // A restore another tab asked for failed here (say, no such wallet in this tab): the other tab stays connected.
    if (this.restores.forget(namespace) && current?.status === 'connecting') {
      return this.record.hold(() => this.state.clear(namespace, { ...DISCONNECTED, network: current.network }));
    }
    if (!current) return;
    const pending = this.attempts.pending.get(namespace);
    const wasConnected = (pending?.previous ?? current).status === 'connected';
    // What was connected before the attempt went away: the attempt goes on, and abandoning it leaves the namespace disconnected.
    if (pending) pending.previous = DISCONNECTED;
    this.state.clear(namespace, { ...DISCONNECTED, status: pending ? 'connecting' : 'disconnected', connectorId: pending && current.connectorId, network: current.network });
    if (wasConnected) this.events.emit('account:disconnected', { namespace });
  }

  setActiveNamespace(namespace: string): void {
    assertKnown(this.directory, namespace);
    this.state.set((s) => ({ ...s, activeNamespace: namespace }));
  }

  setPreferredAccountType(namespace: string, type: AccountType): void {
    assertKnown(this.directory, namespace);
    this.state.set((s) => ({ ...s, preferredAccountTypes: { ...s.preferredAccountTypes, [namespace]: type } }));
  }

  /** Records a wallet as most recent; keeps the last two, without duplicates. */
  addRecentWallet(wallet: RecentWallet): void {
    this.state.set((s) => ({ ...s, recentWallets: withRecentWallet(s.recentWallets, wallet) }));
  }

  /**
   * Called once the plugins have started: restored namespaces no plugin provides are dropped
   * now, and every reconnect still pending when `reconnectTimeoutMs` passes (a silent wallet)
   * is given up.
   */
  startReconnectWindow(known: ReadonlySet<string>): void {
    this.restores.startWindow(known);
  }
}
