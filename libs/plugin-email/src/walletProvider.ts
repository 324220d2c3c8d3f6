import type { Network, StoragePort } from '@portico/kernel';
import { jsonRpcRequest, type HttpClient } from '@portico/kernel/http';
import { FrameRequestError } from '@portico/frame-protocol';
import type { EmbeddedWallet } from './embeddedWallet';


/** An EIP-1193 error. */
function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

import { LOGIN_CACHE_KEY } from './loginCache';
/** Methods the frame answers (signing and sending); every other is a read for the network's RPC. */
const FRAME_METHODS = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_grantPermissions',
  'wallet_getGrantedExecutionPermissions',
]);

const chainIdOf = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,16}|\d{1,18})$/.test(value)) return Number(value);
  return undefined;
};

/**
 * The AUTH connector's EIP-1193 provider for the eip155 adapter: accounts from the frame once
 * the e-mail login is done (`eth_requestAccounts` refuses before), a silent `eth_accounts`
 * after a reload that loads the frame only when this site logged in before (the cached login
 * data), signing and sending through the frame (which asks the user on its own approval screen,
 * shown by the approval view), reads through the network's RPC, and sign-out on
 * `wallet_revokePermissions`.
 */
export function createEmailWalletProvider(parts: {
  wallet: EmbeddedWallet;
  storage: StoragePort;
  http: HttpClient;
  networks: () => readonly Network[];
  emit: (event: string, ...args: unknown[]) => void;
  /** The account type the user prefers on eip155 (kept by the kernel): the frame follows it where it can. */
  preferredAccountType: () => string | undefined;
  /** Whether ERC-7715 permissions are on (the smartSessions flag): batches under a grant are refused without. */
  permissionsEnabled?: () => boolean;
  /** The login ended (sign-out, or the frame says not connected): the Solana side lets its account go. */
  onSignedOut?: () => void;
}) {
  const { wallet, storage } = parts;
  let chainId: number | undefined;
  const cached = () => storage.get(LOGIN_CACHE_KEY) !== null;
  const forget = () => {
    storage.remove(LOGIN_CACHE_KEY);
    parts.onSignedOut?.();
  };

  const currentChain = async (): Promise<number> => {
    if (chainId !== undefined) return chainId;
    const { chainId: caip } = await wallet.request('GET_CHAIN_ID', {});
    const frameChain = /^eip155:(\d+)$/.exec(caip)?.[1];
    const first = /^eip155:(\d+)$/.exec(parts.networks()[0]?.caipNetworkId ?? '')?.[1];
    const known = (id: string | undefined) => id !== undefined && parts.networks().some((n) => n.caipNetworkId === `eip155:${id}`);
    chainId = Number(known(frameChain) ? frameChain : (first ?? frameChain ?? 1));
    return chainId;
  };

  const accounts = async (): Promise<string[]> => {
    const { isConnected } = await wallet.request('IS_CONNECTED', {});
    if (!isConnected) {
      forget();
      return [];
    }
    const preferred = parts.preferredAccountType();
    const user = await wallet.request('GET_USER', { chainId: `eip155:${await currentChain()}`, ...(preferred === 'eoa' || preferred === 'smartAccount' ? { preferredAccountType: preferred } : {}) });
    storage.set(LOGIN_CACHE_KEY, JSON.stringify({ email: user.email ?? '', address: user.address }));
    return [user.address];
  };

  const toRpcError = (error: unknown): unknown => (error instanceof FrameRequestError ? rpcError(error.code ?? (error.reason === 'aborted' ? 4001 : -32603), error.message) : error);

  return {
    /** The user switched account type: the frame is told, and the adapter re-reads the account (same address under EIP-7702, another type). */
    async accountTypeChanged() {
      const list = await accounts();
      if (list.length) parts.emit('accountsChanged', list);
    },
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      try {
        switch (method) {
          case 'eth_requestAccounts': {
            const list = await accounts();
            if (list.length === 0) throw rpcError(4001, 'Log in with your e-mail address first');
            return list;
          }
          case 'eth_accounts':
            // Nothing cached: this site never logged in here, so the frame is not even loaded.
            return cached() ? accounts() : [];
          case 'eth_chainId':
            return `0x${(await currentChain()).toString(16)}`;
          case 'wallet_switchEthereumChain': {
            const target = chainIdOf((params as Array<{ chainId?: unknown }> | undefined)?.[0]?.chainId);
            if (target === undefined) throw rpcError(-32602, 'wallet_switchEthereumChain needs a chainId');
            await wallet.request('SWITCH_NETWORK', { chainId: `eip155:${target}` });
            if (chainId !== target) {
              chainId = target;
              parts.emit('chainChanged', `0x${target.toString(16)}`);
            }
            return null;
          }
          case 'wallet_revokePermissions':
            // ERC-7715: a permission the wallet granted (by its context), not the site's access (EIP-2255).
            if (typeof (params as Array<{ permissionsContext?: unknown }> | undefined)?.[0]?.permissionsContext === 'string') {
              return (await wallet.request('RPC_REQUEST', { chainId: `eip155:${await currentChain()}`, method, params })).result;
            }
            forget();
            await wallet.request('SIGN_OUT', {});
            return null;
          default: {
            // A batch under a grant skipped the approval view: only while the host has smart sessions on.
            const capabilities = method === 'wallet_sendCalls' ? (params as Array<{ capabilities?: Record<string, unknown> }> | undefined)?.[0]?.capabilities : undefined;
            if (capabilities && typeof capabilities === 'object' && 'permissions' in capabilities && !parts.permissionsEnabled?.()) {
              throw rpcError(4200, 'ERC-7715 permissions are off for this app (the smartSessions flag)');
            }
            const chain = await currentChain();
            if (FRAME_METHODS.has(method)) return (await wallet.request('RPC_REQUEST', { chainId: `eip155:${chain}`, method, params })).result;
            const urls = parts.networks().find((n) => n.caipNetworkId === `eip155:${chain}`)?.rpcUrls?.default.http ?? [];
            if (urls.length === 0) throw rpcError(4200, `${method} is not supported by the embedded wallet and eip155:${chain} has no RPC URL`);
            return jsonRpcRequest(parts.http, urls, method, (params as unknown[] | undefined) ?? []);
          }
        }
      } catch (error) {
        throw toRpcError(error);
      }
    },
  };
}
