import type { Balance, Network } from '@portico/kernel';
import { jsonRpcRequest, type HttpClient } from '@portico/kernel/http';
import { base58, base64 } from '@scure/base';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/** What a transaction pays per signature when the node cannot say (the cluster's base fee). */
const LAMPORTS_PER_SIGNATURE = 5_000n;

/** Solana's compact-u16 length prefix. */
function compactU16(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) return [...out, byte];
    out.push(byte | 0x80);
  }
}

/**
 * A legacy message moving `lamports` from `from` (fee payer, signer) to `to` with the System
 * Program's Transfer instruction, built by hand: header, the three account keys, the
 * blockhash, one instruction.
 */
export function solTransferMessage(from: string, to: string, lamports: bigint, blockhash: string): Uint8Array {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  const keys = [from, to, SYSTEM_PROGRAM].map((key) => base58.decode(key));
  return Uint8Array.from([
    1, 0, 1,
    ...compactU16(keys.length),
    ...keys.flatMap((key) => [...key]),
    ...base58.decode(blockhash),
    ...compactU16(1),
    2,
    ...compactU16(2), 0, 1,
    ...compactU16(data.length),
    ...data,
  ]);
}

/** The unsigned wire transaction of a one-signer message, base64 (what `solana_signAndSendTransaction` takes). */
export function unsignedTransaction(message: Uint8Array): string {
  return base64.encode(Uint8Array.from([...compactU16(1), ...new Uint8Array(64), ...message]));
}

/** A SOL transfer ready for the wallet, with the node's fee for it (`getFeeForMessage`, else 5,000 lamports per signature). */
export async function prepareSolTransfer(http: HttpClient, network: Network, from: string, to: string, lamports: bigint): Promise<{ transaction: string; fee: Balance }> {
  const urls = network.rpcUrls?.default.http ?? [];
  const latest = await jsonRpcRequest<{ value?: { blockhash?: unknown } }>(http, urls, 'getLatestBlockhash', [{ commitment: 'confirmed' }]);
  const blockhash = latest?.value?.blockhash;
  if (typeof blockhash !== 'string' || base58.decode(blockhash).length !== 32) throw new Error('The Solana RPC answered getLatestBlockhash without a blockhash');
  const message = solTransferMessage(from, to, lamports, blockhash);
  const quoted = await jsonRpcRequest<{ value?: unknown }>(http, urls, 'getFeeForMessage', [base64.encode(message), { commitment: 'confirmed' }]).catch(() => undefined);
  const fee = typeof quoted?.value === 'number' && Number.isInteger(quoted.value) && quoted.value >= 0 ? BigInt(quoted.value) : LAMPORTS_PER_SIGNATURE;
  return { transaction: unsignedTransaction(message), fee: { value: fee, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol } };
}
