import type { EventBus } from '../events/createEventBus';
import type { ConnectionStatus } from '../events/PorticoEvents';
import { createObservable, type Observable, type WritableObservable } from '../state/createObservable';
import type { AccountType } from '../taxonomy/connectors';
import type { RecentWallet } from './recentWallets';

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

/** The connection store's snapshot. */
export interface ConnectionState {
  readonly namespaces: Readonly<Record<string, NamespaceConnection>>;
  readonly activeNamespace: string | undefined;
  readonly preferredAccountTypes: Readonly<Record<string, AccountType>>;
  readonly recentWallets: readonly RecentWallet[];
}

/** A namespace the store never saw, or one that was disconnected (spread it, then set the network kept). */
export const DISCONNECTED: NamespaceConnection = {
  status: 'disconnected',
  accounts: [],
  address: undefined,
  network: undefined,
  connectorId: undefined,
};

/** The store's state and the changes its writers make; each change is stored at once (`write`). */
export class ConnectionStateCell implements Observable<ConnectionState> {
  private readonly state: WritableObservable<ConnectionState>;

  constructor(
    initial: ConnectionState,
    private readonly events: EventBus,
    private readonly write: () => void,
  ) {
    this.state = createObservable(initial);
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

  /** Sets the state as a whole (active namespace, preferences, recent wallets), and stores it. */
  set(next: (state: ConnectionState) => ConnectionState): void {
    this.state.set(next);
    this.write();
  }

  /** Sets a namespace's connection; emits `connection:status-changed` when its status changes. */
  update(namespace: string, next: NamespaceConnection): void {
    const previous = this.get(namespace).status;
    this.set((s) => ({ ...s, namespaces: { ...s.namespaces, [namespace]: next } }));
    if (previous !== next.status) this.events.emit('connection:status-changed', { namespace, status: next.status });
  }

  /** `update` for a namespace that went away: the active namespace moves to another connected one. */
  clear(namespace: string, next: NamespaceConnection): void {
    this.update(namespace, next);
    this.set((s) => (s.activeNamespace === namespace ? { ...s, activeNamespace: Object.entries(s.namespaces).find(([, c]) => c.status === 'connected')?.[0] } : s));
  }
}
