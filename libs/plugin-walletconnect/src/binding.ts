// `@portico/plugin-walletconnect/binding`: what chain plugins build their session-backed
// wallets with, in the modules their WalletConnect bindings load on first use.
import { PorticoError, type StandardWallet, type StandardWalletAccount } from '@portico/kernel';
import type { SessionChange, WalletConnectSession } from './api';

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
