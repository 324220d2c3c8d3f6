import type { Network } from '@portico/kernel';
import { jsonRpcRequest, type HttpClient } from '@portico/kernel/http';
import type { SessionChange, WalletConnectProviderParts, WalletConnectSession, WalletConnectSessionState } from '@portico/plugin-walletconnect/binding';

const NS = 'eip155';

type Listener = (...args: unknown[]) => void;

/** An EIP-1193 error object. */
function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

/** The session's eip155 accounts as `[chainId, address]`, in the wallet's order. */
function sessionAccounts(session: WalletConnectSessionState | undefined): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  for (const account of session?.namespaces[NS]?.accounts ?? []) {
    const match = /^eip155:(\d{1,18}):(0x[0-9a-fA-F]{40})$/.exec(account);
    if (match) out.push([Number(match[1]), match[2]!]);
  }
  return out;
}

/** Parses `chainChanged` data: a number, a decimal string or a hex string. */
function chainIdFrom(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,16}|\d{1,18})$/.test(value)) return Number(value);
  return undefined;
}

/**
 * An EIP-1193 provider backed by a WalletConnect session, for the eip155 chain adapter:
 * `eth_requestAccounts` pairs (the QR view shows the URI), `eth_accounts` answers from the
 * restored session without prompting, signing and sending go to the wallet through the
 * session, reads go to the network's RPC, and session events become `accountsChanged`,
 * `chainChanged` and `disconnect`.
 */
export function createEip155SessionProvider(connection: WalletConnectSession, parts: { http: HttpClient; networks: () => readonly Network[] }) {
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args));
  let chainId: number | undefined;

  const currentChain = (): number => {
    const accounts = sessionAccounts(connection.current);
    if (chainId !== undefined && accounts.some(([id]) => id === chainId)) return chainId;
    chainId = accounts[0]?.[0];
    if (chainId === undefined) throw rpcError(4900, 'The wallet is not connected');
    return chainId;
  };
  const hasAccounts = () => sessionAccounts(connection.current).length > 0;
  const addressesOn = (id: number) => [...new Set(sessionAccounts(connection.current).filter(([chain]) => chain === id).map(([, address]) => address))];

  connection.on((change: SessionChange) => {
    if (change.type === 'delete') {
      chainId = undefined;
      emit('disconnect', rpcError(4900, 'The WalletConnect session ended'));
    } else if (change.type === 'update') {
      if (connection.current && hasAccounts()) emit('accountsChanged', addressesOn(currentChain()));
    } else if (change.chainId.startsWith(`${NS}:`)) {
      if (change.name === 'chainChanged') {
        const next = chainIdFrom(change.data);
        if (next === undefined || next === chainId) return;
        chainId = next;
        emit('chainChanged', `0x${next.toString(16)}`);
      } else if (change.name === 'accountsChanged' && Array.isArray(change.data)) {
        emit('accountsChanged', change.data.map((a) => (typeof a === 'string' ? a.split(':').pop()! : a)));
      }
    }
  });

  const sessionMethods = () => new Set(connection.current?.namespaces[NS]?.methods ?? []);

  return {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      switch (method) {
        // A session may carry no eip155 account (the wallet approved only other namespaces).
        case 'eth_requestAccounts':
          await connection.connect();
          return hasAccounts() ? addressesOn(currentChain()) : [];
        case 'eth_accounts':
          return (await connection.restore()) && hasAccounts() ? addressesOn(currentChain()) : [];
        case 'eth_chainId': {
          await connection.restore();
          if (hasAccounts()) return `0x${currentChain().toString(16)}`;
          const first = /^eip155:(\d+)$/.exec(parts.networks()[0]?.caipNetworkId ?? '');
          if (!first) throw rpcError(4900, 'The wallet is not connected');
          return `0x${Number(first[1]).toString(16)}`;
        }
        case 'wallet_revokePermissions':
          await connection.disconnect();
          return null;
        case 'wallet_switchEthereumChain': {
          const target = chainIdFrom((params as Array<{ chainId?: unknown }> | undefined)?.[0]?.chainId);
          if (target === undefined) throw rpcError(-32602, 'wallet_switchEthereumChain needs a chainId');
          const from = currentChain();
          if (!addressesOn(target).length) throw rpcError(4902, `Chain 0x${target.toString(16)} is not part of the WalletConnect session`);
          if (sessionMethods().has(method)) await connection.request({ method, params }, `${NS}:${from}`);
          if (chainId !== target) {
            chainId = target;
            emit('chainChanged', `0x${target.toString(16)}`);
          }
          return null;
        }
        default: {
          if (!connection.current) await connection.restore();
          const chain = currentChain();
          if (sessionMethods().has(method)) return connection.request({ method, params }, `${NS}:${chain}`);
          const network = parts.networks().find((n) => n.caipNetworkId === `${NS}:${chain}`);
          const urls = network?.rpcUrls?.default.http ?? [];
          if (urls.length === 0) throw rpcError(4200, `${method} is not supported by the wallet and eip155:${chain} has no RPC URL`);
          return jsonRpcRequest(parts.http, urls, method, (params as unknown[] | undefined) ?? []);
        }
      }
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };
}

/** The binding's entry (`walletConnectBindingRef('eip155')`): the EIP-1193 provider the adapter takes. */
export function createSessionProvider(parts: WalletConnectProviderParts) {
  return createEip155SessionProvider(parts.session, { http: parts.http, networks: parts.networks });
}
