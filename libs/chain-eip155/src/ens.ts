// ENS primary name and avatar for an address on Ethereum mainnet (eip155:1), through the ENS
// Universal Resolver (viem's getEnsName / getEnsText), and a name's address (getEnsAddress). Loaded lazily by the adapter: a page
// that never shows an account never pays for it.
import type { AccountIdentity } from '@portico/kernel';
import { JsonRpcError } from '@portico/kernel/http';
import { createPublicClient, custom, getAddress, type EIP1193RequestFn } from 'viem';
import { getEnsAddress, getEnsName, getEnsText } from 'viem/actions';
import { mainnet } from 'viem/chains';
import { normalize } from 'viem/ens';
import { ipfsToGateway } from './ipfs';

/** Sends one JSON-RPC request (the network's RPC URLs with fallback). */
export type RpcRequest = (method: string, params: readonly unknown[]) => Promise<unknown>;

/**
 * The `avatar` text record as an image URL the page may load: `https:` and `data:image/…` as
 * they are, `ipfs://…` through the IPFS gateway (the app's, else ipfs.io). Anything else (an NFT reference such as
 * `eip155:1/erc721:…`, `http:`, other schemes) gives no avatar: resolving those means fetching
 * third-party metadata from the visitor's browser, which this lookup never does.
 */
export function avatarUrl(record: string | null | undefined, gateway?: string): string | undefined {
  if (!record) return undefined;
  const value = record.trim();
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(value)) return value;
  // A wrong gateway throws to the caller, which reports it (`onAvatarError`).
  const resolved = ipfsToGateway(value, gateway);
  try {
    const url = new URL(resolved);
    return url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ENS name and avatar of an address, or undefined when it has no primary name.
 * A name that does not normalise (ENSIP-15) is not shown. The avatar is the `avatar` text
 * record read through the same Universal Resolver (see `avatarUrl`); when it cannot be read,
 * the name comes alone and `onAvatarError` hears why.
 */
/** The address an ENS name resolves to on Ethereum mainnet (normalised first, ENSIP-15), or undefined when it has none. */
export async function resolveEnsAddress(rpc: RpcRequest, name: string): Promise<string | undefined> {
  const client = createPublicClient({ chain: mainnet, transport: custom({ request: requestThrough(rpc) }, { retryCount: 0 }) });
  const address = await getEnsAddress(client, { name: normalize(name) });
  return address ?? undefined;
}

export async function lookupEnsIdentity(rpc: RpcRequest, address: string, onAvatarError?: (error: unknown) => void, gateway?: string): Promise<AccountIdentity | undefined> {
  const client = createPublicClient({ chain: mainnet, transport: custom({ request: requestThrough(rpc) }, { retryCount: 0 }) });
  const name = await primaryName(client, address);
  if (!name) return undefined;
  let avatar: string | undefined;
  try {
    avatar = avatarUrl(await getEnsText(client, { name, key: 'avatar' }), gateway);
  } catch (error) {
    onAvatarError?.(error);
  }
  return avatar ? { name, avatar } : { name };
}

/** An address's ENS primary name, only when it is ENSIP-15 normalised (a name that is not could pass for another). */
async function primaryName(client: ReturnType<typeof createPublicClient>, address: string): Promise<string | undefined> {
  const name = await getEnsName(client, { address: getAddress(address) });
  if (!name) return undefined;
  try {
    return normalize(name) === name ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The ENS primary name of an address (the approval view's names for spenders and recipients), or undefined. */
export async function lookupEnsName(rpc: RpcRequest, address: string): Promise<string | undefined> {
  return primaryName(createPublicClient({ chain: mainnet, transport: custom({ request: requestThrough(rpc) }, { retryCount: 0 }) }), address);
}

/** An EIP-1193 request function over the plugin's RPC fallback; viem reads a revert reason from the error's `code` and `data` (EIP-1474). */
function requestThrough(rpc: RpcRequest): EIP1193RequestFn {
  return (async ({ method, params }: { method: string; params?: unknown }) => {
    try {
      return await rpc(method, (params as readonly unknown[] | undefined) ?? []);
    } catch (error) {
      if (error instanceof JsonRpcError) throw Object.assign(new Error(error.message), { code: error.rpcCode, data: error.data });
      throw error;
    }
  }) as EIP1193RequestFn;
}
