import { formatAmount, truncateAddress, type ApprovalAction, type ApprovalDecoder, type ApprovalDetail, type ApprovalText, type DecodeContext, type DecodedApproval } from '@portico/core';
import { PorticoError } from '@portico/kernel';
import { base64, hex } from '@scure/base';
import { address as bitcoinAddress, opcodes, Psbt, script as bscript, Transaction, type Network as BitcoinjsNetwork } from 'bitcoinjs-lib';
import { isBitcoinAddress, parseBitcoinAddress } from '../bitcoin/addresses';
import { bitcoinNetworkOf } from '../bitcoin/bitcoinjsNetworks';
import { ensureBitcoinEcc } from '../bitcoin/ecc';

/**
 * The one read method the decoder uses: `read('esplora:GET', [path])`, a GET of the network's
 * Esplora API, answered with the response body as text. It asks for three paths only, which
 * the adapter checks with `esploraReadPath`: `/tx/<txid>/hex` (a previous transaction in hex),
 * `/address/<address>` (an address's funded/spent sums, JSON) and `/fee-estimates` (sat/vB by
 * confirmation target, JSON).
 */
export const ESPLORA_READ = 'esplora:GET';

/** A read the approval decoder may not make (another method, another path): the adapter refuses it. */
export class ApprovalReadRefusedError extends PorticoError {
  override name = 'ApprovalReadRefusedError';
  constructor(what: string) {
    super(`The approval decoder may not read ${what.slice(0, 100)}`, { code: 'bip122/approval-read-refused' });
  }
}

/**
 * The Esplora path of a decoder read when it is one `ESPLORA_READ` allows (`/tx/<64 hex>/hex`,
 * `/address/<an address of the network>`, `/fee-estimates`); throws ApprovalReadRefusedError
 * for anything else. The adapter fetches only what this returns.
 */
export function esploraReadPath(method: string, params: readonly unknown[], caipNetworkId: string): string {
  const path = params[0];
  if (method !== ESPLORA_READ || params.length !== 1 || typeof path !== 'string') throw new ApprovalReadRefusedError(`${method} (${params.length} parameters)`);
  const address = /^\/address\/([A-Za-z0-9]{14,90})$/.exec(path)?.[1];
  if (/^\/tx\/[0-9a-f]{64}\/hex$/.test(path) || path === '/fee-estimates' || (address !== undefined && isBitcoinAddress(address, caipNetworkId))) return path;
  throw new ApprovalReadRefusedError(path);
}

/** A PSBT larger than this (decoded) is left to the generic reading. */
const MAX_PSBT_BYTES = 400 * 1024;
/** More inputs or outputs than this: too many sentences to read; left to the generic reading. */
const MAX_INPUTS_OR_OUTPUTS = 100;
/** At most this many previous transactions are read from Esplora for one request. */
const MAX_TX_READS = 25;
/** psbt.ts's virtual sizes (BIP-141 weights): the cheapest transfer, one input and one output, bounds the fee from below. */
const VBYTES = { overhead: 11, p2wpkhIn: 68, p2trIn: 58, output: 43 } as const;
const SIGHASH_BASE: Readonly<Record<number, string>> = { 1: 'ALL', 2: 'NONE', 3: 'SINGLE' };

interface SignInput {
  readonly address?: string;
  readonly index: number;
  readonly sighashTypes: readonly number[];
}

interface InputInfo {
  readonly txid: string;
  readonly vout: number;
  value?: bigint;
  address?: string;
}

type Params = Record<string, unknown>;
const isRecord = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The bip122 methods take an object; a one-element array of it is read too. */
const paramsOf = (params: unknown): Params | undefined => (isRecord(params) ? params : Array.isArray(params) && params.length === 1 && isRecord(params[0]) ? params[0] : undefined);
const plainAddress = (address: string | undefined) => address?.split(':').pop();
const isByte = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 0xff;

/** A sighash type's name when it lets others change the transaction; undefined for ALL and DEFAULT. */
function riskySighash(type: number): string | undefined {
  if (type === Transaction.SIGHASH_DEFAULT || type === Transaction.SIGHASH_ALL) return undefined;
  const base = SIGHASH_BASE[type & ~Transaction.SIGHASH_ANYONECANPAY];
  if (!base || (type & 0x7c) !== 0) return `0x${type.toString(16).padStart(2, '0')}`;
  return type & Transaction.SIGHASH_ANYONECANPAY ? `${base}|ANYONECANPAY` : base;
}

/** `signInputs` as WalletConnect's bip122 `signPsbt` sends it (`[{ address, index, sighashTypes? }]`), or undefined when malformed. */
function signInputsOf(raw: unknown, inputCount: number, caipNetworkId: string): SignInput[] | undefined {
  if (!Array.isArray(raw) || raw.length > inputCount * 4) return undefined;
  const read: SignInput[] = [];
  for (const entry of raw) {
    if (!isRecord(entry) || !Number.isSafeInteger(entry['index']) || (entry['index'] as number) < 0 || (entry['index'] as number) >= inputCount) return undefined;
    const address = entry['address'];
    if (address !== undefined && (typeof address !== 'string' || !isBitcoinAddress(address, caipNetworkId))) return undefined;
    const sighashTypes = entry['sighashTypes'] ?? [];
    if (!Array.isArray(sighashTypes) || sighashTypes.length > 8 || !sighashTypes.every(isByte)) return undefined;
    read.push({ ...(address === undefined ? {} : { address }), index: entry['index'] as number, sighashTypes });
  }
  return read;
}

/** A JSON read's body: Esplora's text parsed (a reader that parsed it already is taken as it is). */
async function readJson(ctx: DecodeContext, path: string): Promise<unknown> {
  const body = await ctx.read(ESPLORA_READ, [path]);
  return typeof body === 'string' ? JSON.parse(body) : body;
}

/** A previous transaction from Esplora, only when its id is the one asked for (the values it gives are then the real ones). */
async function readTransaction(ctx: DecodeContext, txid: string): Promise<Transaction | undefined> {
  try {
    const body = await ctx.read(ESPLORA_READ, [`/tx/${txid}/hex`]);
    const text = typeof body === 'string' ? body.trim() : '';
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(text) || text.length > MAX_PSBT_BYTES * 2) return undefined;
    const tx = Transaction.fromHex(text);
    return tx.getId() === txid ? tx : undefined;
  } catch {
    return undefined;
  }
}

/** An address's balance (confirmed and pending, as the adapter's `getBalance`), or undefined when Esplora cannot say. */
async function readBalance(ctx: DecodeContext, address: string): Promise<bigint | undefined> {
  try {
    const body = await readJson(ctx, `/address/${address}`);
    const sums = (stats: unknown) =>
      isRecord(stats) && Number.isSafeInteger(stats['funded_txo_sum']) && Number.isSafeInteger(stats['spent_txo_sum']) ? BigInt(stats['funded_txo_sum'] as number) - BigInt(stats['spent_txo_sum'] as number) : undefined;
    const chain = isRecord(body) ? sums(body['chain_stats']) : undefined;
    const mempool = isRecord(body) ? sums(body['mempool_stats']) : undefined;
    return chain === undefined || mempool === undefined ? undefined : chain + mempool;
  } catch {
    return undefined;
  }
}

/** Esplora's next-6-blocks rate in sat/vB, as `buildTransferPsbt` picks it; 1 (the relay minimum) when unknown. */
async function readFeeRate(ctx: DecodeContext): Promise<number> {
  try {
    const body = await readJson(ctx, '/fee-estimates');
    const six = isRecord(body) ? body['6'] : undefined;
    return typeof six === 'number' && six > 0 ? six : 1;
  } catch {
    return 1;
  }
}

/** The address an output script pays, or undefined for OP_RETURN and scripts no address expresses. */
function addressOf(script: Uint8Array, network: BitcoinjsNetwork): string | undefined {
  try {
    return bitcoinAddress.fromOutputScript(script, network);
  } catch {
    return undefined;
  }
}

/** The data an OP_RETURN output carries, or undefined when the script is something else. */
function opReturnData(script: Uint8Array): Uint8Array | undefined {
  const chunks = bscript.decompile(script);
  if (!chunks || chunks[0] !== opcodes.OP_RETURN) return undefined;
  const pushes = chunks.slice(1).filter((c): c is Uint8Array => c instanceof Uint8Array);
  return Uint8Array.from(pushes.flatMap((p) => [...p]));
}

/** OP_RETURN data as text when it is printable UTF-8, else undefined (shown as hex). */
function printable(data: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    return text.length > 0 && /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}]+$/u.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Bitcoin approval decoder (issue #37). `signPsbt`: each output as a payment or, to the
 * connected wallet's addresses (`ownAddresses`, never one the request names), as change, OP_RETURN data and unknown scripts shown as such; which inputs the wallet
 * signs; the fee (inputs − outputs, with input values from `witnessUtxo`, `nonWitnessUtxo`, or
 * the previous transaction read from Esplora); and what leaves the user's addresses (the PSBT's
 * own effect, `unavailable` when an input value is unknown). Risks first: a sighash other than
 * ALL/DEFAULT on an input it signs, a fee above a tenth of what is sent, the whole balance going
 * out. `sendTransfer`: the PSBT the transfer would sign (`options.buildTransfer`, the adapter's
 * coin selection) read as above, so its fee, change and effect are the real ones; blocked when
 * the balance is below the amount plus the cheapest possible fee (or no PSBT can be built).
 * Reads: `ESPLORA_READ` only. Malformed input gives `undefined`.
 */
export function createBip122ApprovalDecoder(options: { buildTransfer?: (to: string, amount: bigint) => Promise<{ psbt: string; signInputs: ReadonlyArray<{ address: string; index: number }> }> } = {}): ApprovalDecoder {
  const short = (value: string) => truncateAddress(value);
  const addressDetail = (label: ApprovalDetail['label'], address: string): ApprovalDetail => ({ label, value: short(address), full: address, ltr: true });

  /** `recipient`: a transfer's own recipient (`sendTransfer`), a payment even when it is one of the wallet's addresses (its ordinals address, say). */
  async function decodePsbt(params: Params, ctx: DecodeContext, recipient?: string): Promise<DecodedApproval | undefined> {
    const caip = ctx.network.caipNetworkId;
    const { symbol, decimals } = ctx.network.nativeCurrency;
    const btc = (sats: bigint) => `${formatAmount(sats, decimals, ctx.locale)} ${symbol}`;
    const raw = params['psbt'];
    if (typeof raw !== 'string' || raw.length > Math.ceil(MAX_PSBT_BYTES / 3) * 4) return undefined;
    const network = bitcoinNetworkOf(caip);
    const psbt = Psbt.fromBuffer(base64.decode(raw), { network });
    const outputs = psbt.txOutputs;
    if (psbt.inputCount === 0 || psbt.inputCount > MAX_INPUTS_OR_OUTPUTS || outputs.length > MAX_INPUTS_OR_OUTPUTS) return undefined;
    const signInputs = signInputsOf(params['signInputs'], psbt.inputCount, caip);
    if (!signInputs) return undefined;

    const inputs: InputInfo[] = psbt.txInputs.map((txIn, i) => {
      const data = psbt.data.inputs[i]!;
      const txid = hex.encode(Uint8Array.from(txIn.hash).reverse());
      let prevout = data.witnessUtxo;
      if (!prevout && data.nonWitnessUtxo) {
        const previous = Transaction.fromBuffer(data.nonWitnessUtxo);
        // A previous transaction that is not the one spent says nothing: its value is read from Esplora instead.
        if (previous.getId() === txid) prevout = previous.outs[txIn.index];
      }
      return { txid, vout: txIn.index, ...(prevout ? { value: prevout.value, address: addressOf(prevout.script, network) } : {}) };
    });
    const unknown = [...new Set(inputs.filter((i) => i.value === undefined).map((i) => i.txid))].slice(0, MAX_TX_READS);
    const previous = new Map(await Promise.all(unknown.map(async (txid) => [txid, await readTransaction(ctx, txid)] as const)));
    for (const input of inputs) {
      const out = input.value === undefined ? previous.get(input.txid)?.outs[input.vout] : undefined;
      if (out) Object.assign(input, { value: out.value, address: addressOf(out.script, network) });
    }

    const toSign = [...new Set(signInputs.map((s) => s.index))].sort((a, b) => a - b);
    // Change is only what goes back to the connected wallet's addresses: the `signInputs` addresses and the
    // inputs' scripts come from the request (a dapp could name its own address there and have a
    // payment to it read as change).
    const own = new Set([plainAddress(ctx.account), ...(ctx.ownAddresses ?? []).map(plainAddress)].filter((a): a is string => a !== undefined));
    const risks: ApprovalText[] = [];
    const sighashes = new Set<string>();
    for (const index of toSign) {
      const types = [psbt.data.inputs[index]!.sighashType, ...signInputs.filter((s) => s.index === index).flatMap((s) => s.sighashTypes)];
      for (const type of types) {
        const name = type === undefined ? undefined : riskySighash(type);
        if (name) sighashes.add(name);
      }
    }
    for (const sighash of sighashes) risks.push({ key: 'approve.risk.sighash', vars: { sighash } });

    const actions: ApprovalAction[] = [];
    let sentToOthers = 0n;
    let backToOwn = 0n;
    for (const { script, value } of outputs) {
      const to = addressOf(script, network);
      const amountDetail: ApprovalDetail = { label: 'approve.field.amount', value: btc(value), ltr: true };
      const amount = formatAmount(value, decimals, ctx.locale);
      if (to && own.has(to) && to !== recipient) {
        backToOwn += value;
        actions.push({ kind: 'change', text: { key: 'approve.action.change', vars: { amount, symbol } }, details: [addressDetail('approve.field.to', to), amountDetail] });
        continue;
      }
      sentToOthers += value;
      if (to) {
        actions.push({ kind: 'send', text: { key: 'approve.action.sendNative', vars: { amount, symbol, to: short(to) } }, details: [addressDetail('approve.field.to', to), amountDetail] });
        continue;
      }
      const data = opReturnData(script);
      if (data) {
        const text = printable(data);
        const dataHex = hex.encode(data);
        const dataDetail: ApprovalDetail = text
          ? { label: 'approve.message', value: text.length > 80 ? `${text.slice(0, 79)}…` : text, ...(text.length > 80 ? { full: text } : {}), ltr: false }
          : { label: 'approve.messageHex', value: short(dataHex), ...(dataHex.length > 13 ? { full: dataHex } : {}), ltr: true };
        actions.push({ kind: 'data', text: { key: 'approve.action.data', vars: { data: text ? (text.length > 40 ? `${text.slice(0, 39)}…` : text) : short(dataHex) } }, details: [dataDetail, amountDetail] });
      } else {
        const scriptHex = hex.encode(script);
        actions.push({ kind: 'script', text: { key: 'approve.action.sendNative', vars: { amount, symbol, to: short(scriptHex) } }, details: [{ label: 'approve.field.to', value: short(scriptHex), full: scriptHex, ltr: true }, amountDetail] });
      }
    }

    const known = inputs.every((i) => i.value !== undefined);
    const fee = known ? inputs.reduce((sum, i) => sum + i.value!, 0n) - outputs.reduce((sum, o) => sum + o.value, 0n) : undefined;
    const inputDetails = toSign.flatMap((index): ApprovalDetail[] => {
      const input = inputs[index]!;
      const outpoint = `${input.txid}:${input.vout}`;
      return [
        { label: 'approve.detail.input', value: `#${index} ${short(input.txid)}:${input.vout}`, full: outpoint, ltr: true },
        ...(input.address ? [addressDetail('approve.detail.from', input.address)] : []),
        ...(input.value === undefined ? [] : [{ label: 'approve.field.amount' as const, value: btc(input.value), ltr: true }]),
      ];
    });
    const feeDetail: ApprovalDetail[] = fee !== undefined && fee >= 0n ? [{ label: 'approve.field.fee', value: btc(fee), ltr: true }] : [];
    actions.push({ kind: 'sign', text: { key: 'approve.action.signInputs', vars: { count: String(toSign.length), total: String(inputs.length) } }, details: [...inputDetails, ...feeDetail] });

    // What you send: to others, or (a transfer to yourself) what you move.
    const sent = sentToOthers > 0n ? sentToOthers : backToOwn;
    if (fee !== undefined && fee > 0n && fee * 10n > sent) risks.push({ key: 'approve.risk.highFee', vars: { fee: btc(fee) } });

    const mine = inputs.filter((input, index) => toSign.includes(index) || (input.address !== undefined && own.has(input.address)));
    const spent = mine.reduce((sum, i) => sum + (i.value ?? 0n), 0n);
    if (known && spent > 0n && backToOwn === 0n) {
      // The balances of the addresses it spends from (a few at most: past that, no claim is made).
      const funding = [...new Set(mine.map((i) => i.address).filter((a): a is string => a !== undefined))];
      const balances = funding.length <= 4 ? await Promise.all(funding.map((a) => readBalance(ctx, a))) : [];
      if (balances.length > 0 && balances.every((b) => b !== undefined) && spent >= balances.reduce((sum, b) => sum + b!, 0n)) risks.push({ key: 'approve.risk.wholeBalance', vars: { symbol } });
    }

    const net = spent - backToOwn;
    const simulation = known
      ? { status: 'ok' as const, changes: net === 0n ? [] : [{ direction: net > 0n ? ('out' as const) : ('in' as const), amount: formatAmount(net > 0n ? net : -net, decimals, ctx.locale), symbol }] }
      : { status: 'unavailable' as const };
    return { risks, actions, simulation };
  }

  async function decodeTransfer(params: Params, ctx: DecodeContext): Promise<DecodedApproval | undefined> {
    const caip = ctx.network.caipNetworkId;
    const { symbol, decimals } = ctx.network.nativeCurrency;
    const btc = (sats: bigint) => `${formatAmount(sats, decimals, ctx.locale)} ${symbol}`;
    const to = params['recipientAddress'];
    const raw = params['amount'];
    if (typeof to !== 'string' || !isBitcoinAddress(to, caip) || typeof raw !== 'string' || !/^[1-9][0-9]{0,15}$/.test(raw)) return undefined;
    const amount = BigInt(raw);
    const action: ApprovalAction = {
      kind: 'send',
      text: { key: 'approve.action.sendNative', vars: { amount: formatAmount(amount, decimals, ctx.locale), symbol, to: short(to) } },
      details: [addressDetail('approve.field.to', to), { label: 'approve.field.amount', value: btc(amount), ltr: true }],
    };
    // The PSBT this transfer would sign, read like any other: its real fee, its change, what leaves.
    const built = options.buildTransfer ? await options.buildTransfer(to, amount).catch(() => undefined) : undefined;
    const read = built ? await decodePsbt({ psbt: built.psbt, signInputs: built.signInputs }, ctx, to).catch(() => undefined) : undefined;
    if (read) return read;
    const from = plainAddress(ctx.account);
    let blocked: ApprovalText | undefined;
    if (from && isBitcoinAddress(from, caip)) {
      const [balance, rate] = await Promise.all([readBalance(ctx, from), readFeeRate(ctx)]);
      // The fee is the coin selection's (psbt.ts), known once the PSBT is built; one input and one output bound it from below.
      const perInput = parseBitcoinAddress(from, caip).type === 'p2tr' ? VBYTES.p2trIn : VBYTES.p2wpkhIn;
      const needed = amount + BigInt(Math.ceil((VBYTES.overhead + perInput + VBYTES.output) * rate));
      if (balance !== undefined && balance < needed) blocked = { key: 'approve.risk.insufficientFunds', vars: { balance: btc(balance), needed: btc(needed) } };
    }
    return { risks: [], actions: [action], simulation: { status: 'unavailable' }, ...(blocked ? { blocked } : {}) };
  }

  return {
    async decode(request, ctx): Promise<DecodedApproval | undefined> {
      try {
        const params = paramsOf(request.params);
        if (!params) return undefined;
        ensureBitcoinEcc();
        if (request.method === 'signPsbt') return await decodePsbt(params, ctx);
        if (request.method === 'sendTransfer') return await decodeTransfer(params, ctx);
        return undefined;
      } catch {
        return undefined;
      }
    },
  };
}
