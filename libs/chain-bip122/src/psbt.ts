import type { StandardWalletAccount } from '@portico/kernel';
import { HttpError, HttpResponseInvalidError } from '@portico/kernel/errors';
import { Psbt } from 'bitcoinjs-lib';
import { parseBitcoinAddress } from './bitcoin/addresses';
import { ensureBitcoinEcc } from './bitcoin/ecc';
import { bitcoinNetworkOf } from './bitcoin/bitcoinjsNetworks';

/** Not enough confirmed-or-pending coins to pay the amount and the fee. */
export class InsufficientFundsError extends Error {
  override name = 'InsufficientFundsError';
}

/** Finalises every input of a signed PSBT and returns the raw transaction in hex. */
export function finalizePsbt(signed: Uint8Array, caipNetworkId: string): string {
  ensureBitcoinEcc();
  const psbt = Psbt.fromBuffer(signed, { network: bitcoinNetworkOf(caipNetworkId) });
  psbt.finalizeAllInputs();
  return psbt.extractTransaction().toHex();
}

interface Utxo {
  txid: string;
  vout: number;
  value: number;
}

/** An Esplora JSON answer; an error answer (a 4xx or 5xx, its reason as text) throws HttpError with that text. */
async function esploraJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new HttpError(response.status, url, (await response.text()).slice(0, 200));
  try {
    return await response.json();
  } catch {
    throw new HttpResponseInvalidError(url, 'the body is not valid JSON');
  }
}

const isUtxo = (u: unknown): u is Utxo =>
  typeof u === 'object' && u !== null && /^[0-9a-f]{64}$/.test((u as Utxo).txid) && Number.isSafeInteger((u as Utxo).vout) && Number.isSafeInteger((u as Utxo).value) && (u as Utxo).value > 0;

/** Virtual sizes used for the fee (BIP-141 weights, rounded up). */
const VBYTES = { overhead: 11, p2wpkhIn: 68, p2trIn: 58, output: 43 } as const;
const DUST = 330n;

/**
 * Builds an unsigned PSBT paying `amount` sats from a segwit account (P2WPKH or P2TR) to
 * `to`, with change back, from the account's UTXOs on an Esplora API (largest first), at
 * the API's next-6-blocks fee rate unless `feeRate` (sat/vB) is given.
 */
export async function buildTransferPsbt(input: { esploraUrl: string; caipNetworkId: string; from: StandardWalletAccount; to: string; amount: bigint; feeRate?: unknown }): Promise<{ psbt: string; signIndexes: number[]; fee: bigint }> {
  ensureBitcoinEcc();
  const network = bitcoinNetworkOf(input.caipNetworkId);
  const from = parseBitcoinAddress(input.from.address, input.caipNetworkId);
  const to = parseBitcoinAddress(input.to, input.caipNetworkId);
  if (from.type !== 'p2wpkh' && from.type !== 'p2tr') throw new TypeError(`Sending from a ${from.type} address is not supported`);
  const utxoUrl = `${input.esploraUrl}/address/${encodeURIComponent(input.from.address)}/utxo`;
  const utxoReply = await esploraJson(utxoUrl);
  if (!Array.isArray(utxoReply)) throw new HttpResponseInvalidError(utxoUrl, 'not a list of unspent outputs');
  const utxos = utxoReply.filter(isUtxo).sort((a, b) => b.value - a.value);
  let rate = typeof input.feeRate === 'number' && input.feeRate > 0 ? input.feeRate : undefined;
  if (rate === undefined) {
    const estimates = (await esploraJson(`${input.esploraUrl}/fee-estimates`)) as Record<string, unknown> | null;
    const six = estimates?.['6'];
    rate = typeof six === 'number' && six > 0 ? six : 1;
  }
  const perInput = from.type === 'p2tr' ? VBYTES.p2trIn : VBYTES.p2wpkhIn;
  const feeFor = (inputs: number, outputs: number) => BigInt(Math.ceil((VBYTES.overhead + inputs * perInput + outputs * VBYTES.output) * rate!));
  const chosen: Utxo[] = [];
  let total = 0n;
  for (const utxo of utxos) {
    chosen.push(utxo);
    total += BigInt(utxo.value);
    if (total >= input.amount + feeFor(chosen.length, 2)) break;
  }
  if (total < input.amount + feeFor(chosen.length, 1)) throw new InsufficientFundsError(`Not enough funds: ${total} sats available, ${input.amount} + fee needed`);
  const psbt = new Psbt({ network });
  const xOnly = input.from.publicKey.length === 33 ? input.from.publicKey.slice(1) : input.from.publicKey;
  for (const utxo of chosen) {
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: from.script, value: BigInt(utxo.value) },
      ...(from.type === 'p2tr' ? { tapInternalKey: xOnly } : {}),
    });
  }
  psbt.addOutput({ script: to.script, value: input.amount });
  let fee = feeFor(chosen.length, 2);
  const change = total - input.amount - fee;
  if (change >= DUST) psbt.addOutput({ script: from.script, value: change });
  else fee = total - input.amount;
  return { psbt: psbt.toBase64(), signIndexes: chosen.map((_, i) => i), fee };
}
