import type { Balance, Network } from '@portico/kernel';
import { jsonRpcRequest, type HttpClient } from '@portico/kernel/http';
import { base58, base64 } from '@scure/base';
import { findProgramAddress } from './pda';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'];
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
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

/** A legacy message moving `lamports` from `from` (fee payer, signer) to `to` with the System Program's Transfer instruction. */
export function solTransferMessage(from: string, to: string, lamports: bigint, blockhash: string): Uint8Array {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  const keys = [
    { pubkey: from, isSigner: true, isWritable: true },
    { pubkey: to, isSigner: false, isWritable: true },
  ];
  return compileMessage(from, [{ programId: SYSTEM_PROGRAM, keys, data }], blockhash);
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

/** One instruction of a message: its program, its accounts with their roles, its data. */
export interface Instruction {
  programId: string;
  keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: Uint8Array;
}

/**
 * Compiles instructions into a legacy message as web3.js does: the fee payer first, then
 * signers, then writable accounts, each group in web3.js's string order; programs are read-only.
 */
export function compileMessage(feePayer: string, instructions: readonly Instruction[], blockhash: string): Uint8Array {
  const metas = new Map<string, { isSigner: boolean; isWritable: boolean }>();
  const add = (pubkey: string, isSigner: boolean, isWritable: boolean) => {
    const seen = metas.get(pubkey);
    metas.set(pubkey, { isSigner: isSigner || !!seen?.isSigner, isWritable: isWritable || !!seen?.isWritable });
  };
  for (const ix of instructions) {
    for (const k of ix.keys) add(k.pubkey, k.isSigner, k.isWritable);
    add(ix.programId, false, false);
  }
  const order = { localeMatcher: 'best fit', usage: 'sort', sensitivity: 'variant', ignorePunctuation: false, numeric: false, caseFirst: 'lower' } as const;
  const sorted = [...metas]
    .filter(([key]) => key !== feePayer)
    .sort(([a, x], [b, y]) => (x.isSigner !== y.isSigner ? (x.isSigner ? -1 : 1) : x.isWritable !== y.isWritable ? (x.isWritable ? -1 : 1) : a.localeCompare(b, 'en', order)));
  const accounts: [string, { isSigner: boolean; isWritable: boolean }][] = [[feePayer, { isSigner: true, isWritable: true }], ...sorted];
  const index = new Map(accounts.map(([key], i) => [key, i]));
  const signed = accounts.filter(([, m]) => m.isSigner);
  return Uint8Array.from([
    signed.length,
    signed.filter(([, m]) => !m.isWritable).length,
    accounts.filter(([, m]) => !m.isSigner && !m.isWritable).length,
    ...compactU16(accounts.length),
    ...accounts.flatMap(([key]) => [...base58.decode(key)]),
    ...base58.decode(blockhash),
    ...compactU16(instructions.length),
    ...instructions.flatMap((ix) => [index.get(ix.programId)!, ...compactU16(ix.keys.length), ...ix.keys.map((k) => index.get(k.pubkey)!), ...compactU16(ix.data.length), ...ix.data]),
  ]);
}

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
export const associatedTokenAddress = (owner: string, mint: string, tokenProgram: string) =>
  findProgramAddress([base58.decode(owner), base58.decode(tokenProgram), base58.decode(mint)], ASSOCIATED_TOKEN_PROGRAM);

/**
 * The instructions of an SPL transfer: create the recipient's associated token account if it is
 * missing (CreateIdempotent), then TransferChecked from `source` (the sender's token account).
 */
export async function splTransferInstructions(input: { from: string; source: string; to: string; mint: string; tokenProgram: string; amount: bigint; decimals: number }): Promise<Instruction[]> {
  const destination = await associatedTokenAddress(input.to, input.mint, input.tokenProgram);
  const data = new Uint8Array(10);
  data[0] = 12;
  new DataView(data.buffer).setBigUint64(1, input.amount, true);
  data[9] = input.decimals;
  return [
    {
      programId: ASSOCIATED_TOKEN_PROGRAM,
      keys: [
        { pubkey: input.from, isSigner: true, isWritable: true },
        { pubkey: destination, isSigner: false, isWritable: true },
        { pubkey: input.to, isSigner: false, isWritable: false },
        { pubkey: input.mint, isSigner: false, isWritable: false },
        { pubkey: SYSTEM_PROGRAM, isSigner: false, isWritable: false },
        { pubkey: input.tokenProgram, isSigner: false, isWritable: false },
      ],
      data: Uint8Array.of(1),
    },
    {
      programId: input.tokenProgram,
      keys: [
        { pubkey: input.source, isSigner: false, isWritable: true },
        { pubkey: input.mint, isSigner: false, isWritable: false },
        { pubkey: destination, isSigner: false, isWritable: true },
        { pubkey: input.from, isSigner: true, isWritable: false },
      ],
      data,
    },
  ];
}

/** An SPL transfer ready for the wallet: the sender's token account of the mint with the most, the fee quoted by the node. */
export async function prepareSplTransfer(http: HttpClient, network: Network, from: string, to: string, mint: string, amount: bigint): Promise<{ transaction: string; fee: Balance }> {
  const urls = network.rpcUrls?.default.http ?? [];
  const owned = await jsonRpcRequest<{ value?: unknown }>(http, urls, 'getTokenAccountsByOwner', [from, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }]);
  const accounts = (Array.isArray(owned?.value) ? owned.value : []) as { pubkey?: unknown; account?: { owner?: unknown; data?: { parsed?: { info?: { tokenAmount?: { amount?: unknown; decimals?: unknown } } } } } }[];
  const candidates = accounts
    .map((a) => ({ pubkey: a.pubkey, program: a.account?.owner, amount: a.account?.data?.parsed?.info?.tokenAmount?.amount, decimals: a.account?.data?.parsed?.info?.tokenAmount?.decimals }))
    .filter((a): a is { pubkey: string; program: string; amount: string; decimals: number } =>
      typeof a.pubkey === 'string' && typeof a.program === 'string' && TOKEN_PROGRAMS.includes(a.program) && typeof a.amount === 'string' && /^\d+$/.test(a.amount) && typeof a.decimals === 'number')
    .sort((a, b) => (BigInt(b.amount) > BigInt(a.amount) ? 1 : -1));
  const source = candidates[0];
  if (!source || BigInt(source.amount) < amount) throw new Error(`not enough of ${mint.slice(0, 8)}… in one token account`);
  const latest = await jsonRpcRequest<{ value?: { blockhash?: unknown } }>(http, urls, 'getLatestBlockhash', [{ commitment: 'confirmed' }]);
  const blockhash = latest?.value?.blockhash;
  if (typeof blockhash !== 'string') throw new Error('The Solana RPC answered getLatestBlockhash without a blockhash');
  const message = compileMessage(from, await splTransferInstructions({ from, source: source.pubkey, to, mint, tokenProgram: source.program, amount, decimals: source.decimals }), blockhash);
  const quoted = await jsonRpcRequest<{ value?: unknown }>(http, urls, 'getFeeForMessage', [base64.encode(message), { commitment: 'confirmed' }]).catch(() => undefined);
  const fee = typeof quoted?.value === 'number' && Number.isInteger(quoted.value) && quoted.value >= 0 ? BigInt(quoted.value) : LAMPORTS_PER_SIGNATURE;
  return { transaction: unsignedTransaction(message), fee: { value: fee, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol } };
}
