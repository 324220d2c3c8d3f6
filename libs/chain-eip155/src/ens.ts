// ENS primary name and avatar for an address on Ethereum mainnet (eip155:1), through the ENS
// Universal Resolver (viem's getEnsName / getEnsAvatar). Loaded lazily by the adapter: a page
// that never shows an account never pays for it.
import { JsonRpcError, type AccountIdentity } from '@portico/kernel';
import { createPublicClient, custom, getAddress, type EIP1193RequestFn } from 'viem';
import { getEnsAvatar, getEnsName } from 'viem/actions';
import { mainnet } from 'viem/chains';
import { normalize } from 'viem/ens';

/** Sends one JSON-RPC request (the network's RPC URLs with fallback). */
export type RpcRequest = (method: string, params: readonly unknown[]) => Promise<unknown>;


/**
 * The ENS name and avatar of an address, or undefined when it has no primary name.
 * A name that does not normalise (ENSIP-15) is not shown. An avatar that cannot be
 * resolved leaves the name alone; the UI shows avatars only as `data:` / `https:` URLs.
 */
export async function lookupEnsIdentity(rpc: RpcRequest, address: string): Promise<AccountIdentity | undefined> {
  const request = (async ({ method, params }: { method: string; params?: unknown }) => {
    try {
      return await rpc(method, (params as readonly unknown[] | undefined) ?? []);
    } catch (error) {
      // viem reads a revert reason from the error's `code` and `data` (EIP-1474).
      if (error instanceof JsonRpcError) throw Object.assign(new Error(error.message), { code: error.rpcCode, data: error.data });
      throw error;
    }
  }) as EIP1193RequestFn;
  const client = createPublicClient({ chain: mainnet, transport: custom({ request }, { retryCount: 0 }) });
  const name = await getEnsName(client, { address: getAddress(address) });
  if (!name) return undefined;
  let normalized: string;
  try {
    normalized = normalize(name);
  } catch {
    return undefined;
  }
  if (normalized !== name) return undefined;
  const avatar = await getEnsAvatar(client, { name }).catch(() => null);
  return avatar ? { name, avatar } : { name };
}
