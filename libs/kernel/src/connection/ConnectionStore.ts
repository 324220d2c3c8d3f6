import '../di/installReflect';
import { inject, injectable } from 'tsyringe';
import { KERNEL_TOKENS, type KernelSettings } from '../di/kernelTokens';
import type { EventBus } from '../events/createEventBus';
import type { ConnectionStatus } from '../events/PorticoEvents';
import { AdapterNotFoundError, InvalidCaipNetworkIdError, NoActiveCaipAddressError } from '../errors/kernelErrors';
import { parseCaipAddress, parseCaipNetworkId } from '../caip/caip';
import type { AccountType } from '../taxonomy/connectors';
import type { Logger } from '../logger/createLogger';
import type { StoragePort } from '../storage/StoragePort';
import { createObservable, type Observable, type WritableObservable } from '../state/createObservable';
import { loadPersistedConnection, type PersistedConnection } from './persistedConnection';

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

/** What the store needs to know of the enabled chain plugins. */
export interface NamespaceDirectory {
  /** Namespaces some enabled chain plugin provides. */
  known(): ReadonlySet<string>;
  /** The providing plugin's default account type. */
  defaultAccountType(namespace: string): AccountType | undefined;
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
 * plugin reconnects silently (or `expireReconnects` gives up).
 */
@injectable()
export class ConnectionStore implements Observable<ConnectionState> {
  private readonly state: WritableObservable<ConnectionState>;
  private readonly storageKey: string;
  private readonly restored = new Map<string, { connectorId?: string; network?: string }>();

  constructor(
    @inject(KERNEL_TOKENS.events) private readonly events: EventBus,
    @inject(KERNEL_TOKENS.storage) private readonly storage: StoragePort,
    @inject(KERNEL_TOKENS.settings) settings: KernelSettings,
    @inject(KERNEL_TOKENS.namespaces) private readonly directory: NamespaceDirectory,
    @inject(KERNEL_TOKENS.logger) logger: Logger,
  ) {
    this.storageKey = `${settings.storageKey}/connection`;
    const saved = loadPersistedConnection(storage, this.storageKey, logger);
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

  /** Preferred account type: the user's choice, else the chain plugin's default. */
  preferredAccountType(namespace: string): AccountType | undefined {
    return this.getSnapshot().preferredAccountTypes[namespace] ?? this.directory.defaultAccountType(namespace);
  }

  setConnecting(namespace: string, connectorId?: string): void {
    this.assertKnown(namespace);
    this.update(namespace, { ...this.get(namespace), status: 'connecting', connectorId });
  }

  /**
   * Marks connected. Needs at least one account (`NoActiveCaipAddressError`); addresses must
   * be CAIP-10 of this namespace; the first of the preferred account type (bip122:
   * payment over ordinal) is selected, else the first.
   */
  setConnected(namespace: string, input: { accounts: readonly Account[]; network?: string; connectorId?: string }): void {
    this.assertKnown(namespace);
    if (input.accounts.length === 0) throw new NoActiveCaipAddressError();
    const accounts = this.checkAccounts(namespace, input.accounts);
    const network = input.network ?? accounts[0]?.address.split(':').slice(0, 2).join(':');
    if (network !== undefined) this.checkNetwork(namespace, network);
    const wasConnected = this.get(namespace).status === 'connected';
    this.restored.delete(namespace);
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
    if (!current) return;
    const wasConnected = current.status === 'connected';
    this.update(namespace, { ...DISCONNECTED, network: current.network });
    this.state.set((s) => {
      if (s.activeNamespace !== namespace) return s;
      const other = Object.entries(s.namespaces).find(([, c]) => c.status === 'connected')?.[0];
      return { ...s, activeNamespace: other };
    });
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

  /** Gives up on reconnects still pending (no plugin for the namespace, or a silent wallet). */
  expireReconnects(filter: (namespace: string) => boolean = () => true): void {
    for (const namespace of [...this.restored.keys()]) {
      if (filter(namespace) && this.get(namespace).status === 'connecting') this.setDisconnected(namespace);
    }
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
    const s = this.getSnapshot();
    const record: PersistedConnection = {
      v: 2,
      namespaces: Object.fromEntries(
        Object.entries(s.namespaces).map(([ns, c]) => {
          // Still reconnecting after a reload: keep what was restored, or the next load forgets it.
          const status = this.restored.has(ns) && c.status === 'connecting' ? 'connected' : c.status;
          return [ns, { status, ...(c.connectorId ? { connectorId: c.connectorId } : {}), ...(c.network ? { network: c.network } : {}) }];
        }),
      ),
      preferredAccountTypes: { ...s.preferredAccountTypes },
      recentWallets: [...s.recentWallets],
      ...(s.activeNamespace ? { activeNamespace: s.activeNamespace } : {}),
    };
    this.storage.set(this.storageKey, JSON.stringify(record));
  }
}
