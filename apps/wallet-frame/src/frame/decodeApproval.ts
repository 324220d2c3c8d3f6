import type { ApprovalDecoder, DecodedApproval } from '@portico/core';
import type { PendingApproval } from './approvals';
import type { FrameConfig } from './config';

/** A JSON-RPC read through the frame's own RPC for a network. */
async function readRpc(url: string, method: string, params: readonly unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(body.error.message ?? 'JSON-RPC error');
  return body.result;
}

/**
 * What a request will do, by the chain plugin's decoder (the same one the modal's approval view
 * uses: eip155's and solana's, the namespaces the frame signs for), read through the frame's own
 * RPC and named by the frame's own network settings; each decoder loads with its first request.
 * Undefined where the frame has no decoder, no RPC or no name for the network.
 */
export function createApprovalDecoding(config: FrameConfig, accounts: { readonly eip155: () => string | undefined; readonly solana: () => string | undefined }) {
  let eip155: Promise<ApprovalDecoder> | undefined;
  let solana: Promise<ApprovalDecoder> | undefined;
  return async (request: PendingApproval, locale: string): Promise<DecodedApproval | undefined> => {
    const url = config.rpcUrls[request.network];
    const info = config.networks[request.network];
    if (!url || !info) return undefined;
    let decoder: Promise<ApprovalDecoder>;
    if (request.network.startsWith('eip155:')) decoder = eip155 ??= import('@portico/chain-eip155/approval').then(({ createEip155ApprovalDecoder }) => createEip155ApprovalDecoder());
    else if (request.network.startsWith('solana:')) decoder = solana ??= import('@portico/chain-solana/approval').then(({ createSolanaApprovalDecoder }) => createSolanaApprovalDecoder());
    else return undefined;
    return (await decoder).decode(request, {
      network: { caipNetworkId: request.network, name: info.name, nativeCurrency: { symbol: info.symbol, decimals: info.decimals } },
      account: request.network.startsWith('solana:') ? accounts.solana() : accounts.eip155(),
      read: (method, params) => readRpc(url, method, params),
      locale,
      now: Date.now,
    });
  };
}
