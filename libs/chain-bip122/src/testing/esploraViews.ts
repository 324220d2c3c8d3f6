import { bitcoinAddressFromScript } from '../bitcoin/addresses';
import { hex } from '@scure/base';
import type { BitcoinAddressNetwork } from '../bitcoin/networks';
import { classifyOutputScript, type OutputScriptType } from '../bitcoin/outputScripts';
import type { ChainTransaction, EsploraChain } from './esploraChain';
import { scriptAsm } from './scriptAsm';

/** Esplora's `status` object. */
export type EsploraStatus = { confirmed: false } | { confirmed: true; block_height: number; block_hash: string; block_time: number };

/** Esplora's per-address counters (`chain_stats` / `mempool_stats`). */
export interface EsploraAddressStats {
  tx_count: number;
  funded_txo_count: number;
  funded_txo_sum: number;
  spent_txo_count: number;
  spent_txo_sum: number;
}

const ESPLORA_SCRIPT_TYPES: Record<OutputScriptType, string> = {
  p2pkh: 'p2pkh',
  p2sh: 'p2sh',
  p2wpkh: 'v0_p2wpkh',
  p2wsh: 'v0_p2wsh',
  p2tr: 'v1_p2tr',
  'witness-unknown': 'unknown',
  op_return: 'op_return',
  empty: 'empty',
  nonstandard: 'unknown',
};

/** The `status` of a transaction. */
export function statusOf(entry: ChainTransaction): EsploraStatus {
  const { block } = entry;
  return block ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time } : { confirmed: false };
}

/** An output as Esplora shows it (`vout[]` and `vin[].prevout`). */
export function outputView(script: Uint8Array, value: bigint, network: BitcoinAddressNetwork) {
  const address = bitcoinAddressFromScript(script, network);
  return {
    scriptpubkey: hex.encode(script),
    scriptpubkey_asm: scriptAsm(script),
    scriptpubkey_type: ESPLORA_SCRIPT_TYPES[classifyOutputScript(script).type],
    ...(address === undefined ? {} : { scriptpubkey_address: address }),
    value: Number(value),
  };
}

/** `GET /tx/:txid`: the transaction with prevouts, fee, size, weight and status. */
export function transactionView(entry: ChainTransaction, network: BitcoinAddressNetwork) {
  const { tx } = entry;
  const coinbase = tx.isCoinbase();
  return {
    txid: entry.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.ins.map((input, index) => {
      const prevout = entry.prevouts[index];
      return {
        txid: hex.encode(Uint8Array.from(input.hash).reverse()),
        vout: input.index,
        prevout: prevout ? outputView(prevout.script, prevout.value, network) : null,
        scriptsig: hex.encode(input.script),
        scriptsig_asm: scriptAsm(input.script),
        ...(input.witness.length > 0 ? { witness: input.witness.map((item) => hex.encode(item)) } : {}),
        is_coinbase: coinbase,
        sequence: input.sequence,
      };
    }),
    vout: tx.outs.map((output) => outputView(output.script, output.value, network)),
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: Number(entry.fee),
    status: statusOf(entry),
  };
}

/** True when the transaction pays to or spends from `scriptHex`. */
export function touchesScript(entry: ChainTransaction, scriptHex: string): boolean {
  return entry.tx.outs.some((o) => hex.encode(o.script) === scriptHex) || entry.prevouts.some((p) => hex.encode(p.script) === scriptHex);
}

/** `chain_stats` and `mempool_stats` of an output script. */
export function addressStats(chain: EsploraChain, script: Uint8Array): { chain_stats: EsploraAddressStats; mempool_stats: EsploraAddressStats } {
  const scriptHex = hex.encode(script);
  const empty = (): EsploraAddressStats => ({ tx_count: 0, funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0 });
  const stats = { chain_stats: empty(), mempool_stats: empty() };
  for (const entry of chain.newestFirst()) {
    if (!touchesScript(entry, scriptHex)) continue;
    const bucket = entry.block ? stats.chain_stats : stats.mempool_stats;
    bucket.tx_count++;
    for (const output of entry.tx.outs.filter((o) => hex.encode(o.script) === scriptHex)) {
      bucket.funded_txo_count++;
      bucket.funded_txo_sum += Number(output.value);
    }
    for (const prevout of entry.prevouts.filter((p) => hex.encode(p.script) === scriptHex)) {
      bucket.spent_txo_count++;
      bucket.spent_txo_sum += Number(prevout.value);
    }
  }
  return stats;
}

/** `GET /address/:a/utxo`: outputs paying the script that no transaction (confirmed or in the mempool) spends. */
export function unspentOutputs(chain: EsploraChain, script: Uint8Array) {
  const scriptHex = hex.encode(script);
  return chain.newestFirst().flatMap((entry) =>
    entry.tx.outs.flatMap((output, vout) =>
      hex.encode(output.script) === scriptHex && !chain.spendOf(entry.txid, vout) ? [{ txid: entry.txid, vout, status: statusOf(entry), value: Number(output.value) }] : [],
    ),
  );
}
