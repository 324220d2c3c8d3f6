// `@portico/plugin-walletconnect/binding`: what chain plugins build their session-backed
// wallets with, in the modules their WalletConnect bindings load on first use.
import { PorticoError, type StandardWallet, type StandardWalletAccount } from '@portico/kernel';
import type { SessionChange, WalletConnectProviderParts, WalletConnectSession } from './api';

export type { SessionChange, WalletConnectProviderParts, WalletConnectSession, WalletConnectSessionState } from './api';

/** How a session-backed wallet shows itself, and the chains it offers before a session exists. */
export interface SessionWalletIdentity {
  name: string;
  icon: string;
  /** The app's networks of the namespace (CAIP-2), proposed before a session exists. */
  chains: () => readonly string[];
}

type ChangeListener = (change: { accounts?: readonly StandardWalletAccount[] }) => void;

/**
 * The Wallet Standard part every session-backed wallet shares (solana, bip122): accounts and
 * chains read from the session, `standard:connect` (pairs, or silently answers from the restored
 * session), `standard:disconnect` (ends the session), and `change` events on session updates,
 * deletion and the namespace's accounts event. The chain's signing features go on top, sending
 * their requests with `request`, through `wallet(features)`.
 */
export function createSessionWalletBase(
  connection: WalletConnectSession,
  identity: SessionWalletIdentity,
  spec: { namespace: string; accountsEvent: string; accounts: () => StandardWalletAccount[] },
) {
  const listeners = new Set<ChangeListener>();
  const { accounts } = spec;
  connection.on((change: SessionChange) => {
    if (change.type === 'event' && !(change.name === spec.accountsEvent && change.chainId.startsWith(`${spec.namespace}:`))) return;
    const next = accounts();
    for (const listener of [...listeners]) listener({ accounts: next });
  });
  const connect = async (input?: { silent?: boolean }) => {
    if (input?.silent) await connection.restore();
    else await connection.connect();
    return { accounts: accounts() };
  };
  /** Sends a request through the session on the account's chain; the wallet confirms on its side. */
  const request = <T>(account: StandardWalletAccount, method: string, params: Record<string, unknown>): Promise<T> => {
    const chain = account.chains[0];
    if (!chain) throw new PorticoError(`The ${spec.namespace} account has no chain in the session`, { code: 'walletconnect/no-chain' });
    return connection.request<T>({ method, params }, chain);
  };
  /** The wallet, with the chain's own features next to the standard ones. */
  const wallet = (chainFeatures: Record<string, unknown>): StandardWallet => ({
    name: identity.name,
    icon: identity.icon,
    get chains() {
      const approved = [...new Set(accounts().flatMap((a) => a.chains))];
      return approved.length > 0 ? approved : [...identity.chains()];
    },
    get accounts() {
      return accounts();
    },
    features: {
      'standard:connect': { version: '1.0.0', connect },
      'standard:disconnect': { version: '1.0.0', disconnect: () => connection.disconnect() },
      'standard:events': {
        version: '1.0.0',
        on(_event: 'change', listener: ChangeListener) {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      },
      ...chainFeatures,
    },
  });
  return { wallet, connect, request };
}

/** Sends one of the chain's requests through the session, on the account's chain (`createSessionWalletBase`'s `request`). */
export type SessionRequest = <T>(account: StandardWalletAccount, method: string, params: Record<string, unknown>) => Promise<T>;

/**
 * The whole session-backed wallet for a Wallet Standard namespace whose session accounts are
 * plain CAIP-10 ids (`tron:0x2b6653dc:T…`): the standard features over the session, and the
 * chain's own, which `features(request)` builds (each sends its requests with `request`); the
 * accounts carry those features' names. What a binding module's `createSessionProvider(parts)`
 * returns for the adapter's `attachProvider`. `accountsEvent` is the session event that says the
 * accounts changed (default `accountsChanged`).
 */
export function createStandardSessionWallet(
  parts: WalletConnectProviderParts,
  namespace: string,
  features: (request: SessionRequest) => Record<string, unknown>,
  accountsEvent = 'accountsChanged',
): StandardWallet {
  let names: string[] = [];
  const accounts = (): StandardWalletAccount[] =>
    (parts.session.current?.namespaces[namespace]?.accounts ?? []).flatMap((caip10) => {
      const parts = typeof caip10 === 'string' ? caip10.split(':') : [];
      const [ns, reference, address] = parts;
      return parts.length === 3 && ns === namespace && reference && address ? [{ address, publicKey: new Uint8Array(), chains: [`${ns}:${reference}`], features: names }] : [];
    });
  const identity = { name: parts.name, icon: parts.icon, chains: () => parts.networks().map((n) => n.caipNetworkId) };
  const base = createSessionWalletBase(parts.session, identity, { namespace, accountsEvent, accounts });
  const own = features(base.request);
  names = Object.keys(own);
  return base.wallet(own);
}
