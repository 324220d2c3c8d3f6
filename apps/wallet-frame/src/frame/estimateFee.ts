import { createPublicClient, http, isAddress, isHex, type Address, type Hex } from 'viem';
import type { PendingApproval } from './approvals';
import type { FeeEstimate } from './approvalScreen';

/** The calls a request sends, as viem's `estimateGas` takes them (none for anything else). */
function callsOf(request: PendingApproval): Array<{ to: Address; value?: bigint; data?: Hex }> {
  const first = Array.isArray(request.params) ? (request.params[0] as Record<string, unknown> | undefined) : undefined;
  const list = request.method === 'wallet_sendCalls' ? (Array.isArray(first?.['calls']) ? (first!['calls'] as unknown[]) : []) : request.method === 'eth_sendTransaction' ? [first] : [];
  return list.flatMap((raw) => {
    const call = raw as { to?: unknown; value?: unknown; data?: unknown; input?: unknown } | undefined;
    if (typeof call?.to !== 'string' || !isAddress(call.to)) return [];
    const value = typeof call.value === 'string' && isHex(call.value) ? BigInt(call.value) : undefined;
    const data = typeof call.data === 'string' && isHex(call.data) ? call.data : typeof call.input === 'string' && isHex(call.input) ? call.input : undefined;
    return [{ to: call.to, ...(value !== undefined ? { value } : {}), ...(data ? { data } : {}) }];
  });
}

/**
 * The network fee of an EVM request that sends (`eth_sendTransaction`, `wallet_sendCalls`: each
 * call's gas at the node's gas price), read through the frame's own RPC for that network; none
 * where the frame has no RPC, no currency for the network, or the request sends nothing.
 */
export async function estimateFee(request: PendingApproval, parts: { rpcUrls: Readonly<Record<string, string>>; networks: Readonly<Record<string, { symbol: string; decimals: number }>>; from: () => Address | undefined }): Promise<FeeEstimate | undefined> {
  const url = parts.rpcUrls[request.network];
  const currency = parts.networks[request.network];
  const from = parts.from();
  const calls = callsOf(request);
  if (!request.network.startsWith('eip155:') || !url || !currency || !from || calls.length === 0) return undefined;
  const client = createPublicClient({ transport: http(url, { timeout: 10_000 }) });
  const [gasPrice, ...gas] = await Promise.all([client.getGasPrice(), ...calls.map((call) => client.estimateGas({ account: from, ...call }))]);
  return { value: gas.reduce((sum, g) => sum + g, 0n) * gasPrice, decimals: currency.decimals, symbol: currency.symbol };
}
