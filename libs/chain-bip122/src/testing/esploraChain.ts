import { Block, opcodes, script as bscript, Transaction } from 'bitcoinjs-lib';
import { parseBitcoinAddress } from '../bitcoin/addresses';
import { hex } from '@scure/base';
import type { Prevout } from '../bitcoin/inputSignatures';
import { classifyOutputScript } from '../bitcoin/outputScripts';
import { InvalidInputSignatureError, verifyTransactionInputs } from '../bitcoin/verifyInputs';

/** Block a transaction was confirmed in. */
export interface ChainBlock {
  height: number;
  hash: string;
  time: number;
  txids: string[];
}

/** A transaction the chain knows, with its prevouts (none for a coinbase) and its block once mined. */
export interface ChainTransaction {
  tx: Transaction;
  txid: string;
  prevouts: Prevout[];
  fee: bigint;
  block?: ChainBlock;
}

/** Where an output was spent. */
export interface Spend {
  txid: string;
  vin: number;
}

/** POST /tx refused the transaction; the message is the reason sent back as text. */
export class TransactionRejectedError extends Error {
  override name = 'TransactionRejectedError';
}

const MAX_MONEY = 21_000_000n * 100_000_000n;
const SEGWIT_DUST_LIMIT = 294n;
const LEGACY_DUST_LIMIT = 546n;

/** An in-memory chain: confirmed blocks, a mempool, the spent-output index, and mempool acceptance rules. */
export class EsploraChain {
  readonly blocks: ChainBlock[] = [];
  readonly mempool: string[] = [];
  private readonly transactions = new Map<string, ChainTransaction>();
  private readonly spends = new Map<string, Spend>();

  constructor(private readonly caipNetworkId: string) {
    this.addBlock(this.coinbase(0, bscript.compile([opcodes.OP_RETURN]), 0n), []);
  }

  get tip(): ChainBlock {
    return this.blocks[this.blocks.length - 1]!;
  }

  get(txid: string): ChainTransaction | undefined {
    return this.transactions.get(txid);
  }

  spendOf(txid: string, vout: number): Spend | undefined {
    return this.spends.get(outpoint(txid, vout));
  }

  /** Every transaction, mempool newest first, then confirmed ones from the tip down. */
  newestFirst(): ChainTransaction[] {
    const confirmed = this.blocks.flatMap((block) => block.txids).reverse();
    return [...[...this.mempool].reverse(), ...confirmed].map((txid) => this.transactions.get(txid)!);
  }

  /** Pays `sats` to `address` from a new coinbase, confirmed in a new block of its own. */
  fund(address: string, sats: bigint): { txid: string; vout: number } {
    const { script } = parseBitcoinAddress(address, this.caipNetworkId);
    if (sats <= 0n || sats > MAX_MONEY) throw new RangeError(`Cannot fund ${sats} sats`);
    const coinbase = this.coinbase(this.blocks.length, script, sats);
    this.addBlock(coinbase, []);
    return { txid: coinbase.txid, vout: 0 };
  }

  /** Mines `count` blocks; the first confirms the whole mempool. */
  mine(count = 1): void {
    for (let i = 0; i < count; i++) {
      const pending = this.mempool.splice(0).map((txid) => this.transactions.get(txid)!);
      this.addBlock(this.coinbase(this.blocks.length, bscript.compile([opcodes.OP_RETURN]), 0n), pending);
    }
  }

  /** Validates a raw transaction and adds it to the mempool; throws TransactionRejectedError with the reason. */
  submit(rawHex: string): string {
    let tx: Transaction;
    try {
      tx = Transaction.fromBuffer(hex.decode(rawHex));
    } catch (error) {
      throw new TransactionRejectedError(`TX decode failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const txid = tx.getId();
    const known = this.transactions.get(txid);
    if (known) throw new TransactionRejectedError(known.block ? 'txn-already-known: the transaction is already confirmed' : 'txn-already-in-mempool');
    if (tx.isCoinbase()) throw new TransactionRejectedError('coinbase: a coinbase transaction cannot be broadcast');
    if (tx.ins.length === 0) throw new TransactionRejectedError('bad-txns-vin-empty: the transaction has no inputs');
    if (tx.outs.length === 0) throw new TransactionRejectedError('bad-txns-vout-empty: the transaction has no outputs');
    const prevouts = this.prevoutsOf(tx);
    this.checkOutputs(tx);
    const inputSum = prevouts.reduce((sum, p) => sum + p.value, 0n);
    const outputSum = tx.outs.reduce((sum, o) => sum + o.value, 0n);
    if (outputSum > inputSum) throw new TransactionRejectedError(`bad-txns-in-belowout: outputs pay ${outputSum} sats but the inputs hold only ${inputSum}`);
    try {
      verifyTransactionInputs(tx, prevouts);
    } catch (error) {
      if (error instanceof InvalidInputSignatureError) throw new TransactionRejectedError(`mandatory-script-verify-flag-failed (${error.message})`);
      throw error;
    }
    this.record({ tx, txid, prevouts, fee: inputSum - outputSum });
    this.mempool.push(txid);
    return txid;
  }

  private prevoutsOf(tx: Transaction): Prevout[] {
    const seen = new Set<string>();
    return tx.ins.map((input, index) => {
      const prevTxid = hex.encode(Uint8Array.from(input.hash).reverse());
      const key = outpoint(prevTxid, input.index);
      if (seen.has(key)) throw new TransactionRejectedError(`bad-txns-inputs-duplicate: input ${index} spends ${key} twice`);
      seen.add(key);
      const output = this.transactions.get(prevTxid)?.tx.outs[input.index];
      if (!output) throw new TransactionRejectedError(`bad-txns-inputs-missingorspent: input ${index} spends ${key}, which does not exist`);
      const spend = this.spends.get(key);
      if (spend) {
        const code = this.transactions.get(spend.txid)?.block ? 'bad-txns-inputs-missingorspent' : 'txn-mempool-conflict';
        throw new TransactionRejectedError(`${code}: input ${index} is a double spend of ${key}, already spent by ${spend.txid}`);
      }
      return { script: output.script, value: output.value };
    });
  }

  private checkOutputs(tx: Transaction): void {
    tx.outs.forEach(({ script, value }, index) => {
      if (value < 0n) throw new TransactionRejectedError(`bad-txns-vout-negative: output ${index} has a negative value`);
      if (value > MAX_MONEY) throw new TransactionRejectedError(`bad-txns-vout-toolarge: output ${index} exceeds 21 million BTC`);
      const { type, witnessVersion } = classifyOutputScript(script);
      if (type === 'op_return') return;
      const limit = witnessVersion === undefined ? LEGACY_DUST_LIMIT : SEGWIT_DUST_LIMIT;
      if (value < limit) throw new TransactionRejectedError(`dust: output ${index} pays ${value} sats, below the ${limit}-sat dust limit`);
    });
  }

  private coinbase(height: number, script: Uint8Array, value: bigint): ChainTransaction {
    const tx = new Transaction();
    tx.version = 2;
    tx.addInput(new Uint8Array(32), 0xffffffff, 0xffffffff, bscript.compile([bscript.number.encode(height), Uint8Array.of(0x50, 0x6f, 0x72)]));
    tx.addOutput(script, value);
    return { tx, txid: tx.getId(), prevouts: [], fee: 0n };
  }

  private addBlock(coinbase: ChainTransaction, transactions: ChainTransaction[]): void {
    const all = [coinbase, ...transactions];
    const previous = this.blocks[this.blocks.length - 1];
    const header = new Block();
    header.version = 0x20000000;
    header.prevHash = previous ? hex.decode(previous.hash).reverse() : new Uint8Array(32);
    header.merkleRoot = Block.calculateMerkleRoot(all.map((t) => t.tx));
    header.timestamp = Math.max((previous?.time ?? 0) + 1, Math.floor(Date.now() / 1000));
    header.bits = 0x207fffff;
    header.nonce = 0;
    const block: ChainBlock = { height: this.blocks.length, hash: header.getId(), time: header.timestamp, txids: all.map((t) => t.txid) };
    this.blocks.push(block);
    this.record(coinbase);
    for (const t of all) t.block = block;
  }

  private record(entry: ChainTransaction): void {
    this.transactions.set(entry.txid, entry);
    entry.tx.ins.forEach((input, vin) => {
      if (!entry.tx.isCoinbase()) this.spends.set(outpoint(hex.encode(Uint8Array.from(input.hash).reverse()), input.index), { txid: entry.txid, vin });
    });
  }
}

function outpoint(txid: string, vout: number): string {
  return `${txid}:${vout}`;
}
