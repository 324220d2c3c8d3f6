// Solana transactions in the frame, loaded on first use: @solana/web3.js parses (legacy and v0)
// and signs them with the account's key; the frame's RPC for the network sends them.
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import { base58, base64 } from '@scure/base';
import { RpcError } from './calls';

/** Signs a base64 wire transaction as the account (its signer slot); refuses one the account is not a signer of. */
export async function signSolanaTransaction(encoded: string, seed: Uint8Array): Promise<{ transaction: string; signature: string }> {
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(base64.decode(encoded));
  } catch {
    throw new RpcError('The transaction is not a base64 Solana transaction', -32602);
  }
  const keypair = Keypair.fromSeed(seed);
  const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures);
  const slot = signers.findIndex((key) => key.equals(keypair.publicKey));
  if (slot < 0) throw new RpcError('This account is not a signer of the transaction', -32602);
  tx.sign([keypair]);
  return { transaction: base64.encode(tx.serialize()), signature: base58.encode(tx.signatures[slot]!) };
}

/** Sends a signed transaction through the network's JSON-RPC (`sendTransaction`, base64); resolves its signature. */
export async function sendSolanaTransaction(rpcUrl: string, signed: string): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [signed, { encoding: 'base64', preflightCommitment: 'confirmed' }] }),
  });
  const body = (await response.json().catch(() => undefined)) as { result?: unknown; error?: { code?: unknown; message?: unknown } } | undefined;
  if (body?.error) throw new RpcError(`The Solana node refused the transaction: ${String(body.error.message).slice(0, 300)}`, typeof body.error.code === 'number' ? body.error.code : -32603);
  if (!response.ok || typeof body?.result !== 'string') throw new RpcError(`The Solana node answered sendTransaction with HTTP ${response.status}`, -32603);
  return body.result;
}
