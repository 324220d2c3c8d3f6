import type { DecodeContext } from '@portico/core';
import { base58, base64 } from '@scure/base';

/** The SPL Token and Token-2022 programs. */
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);
/** A read of the network's JSON-RPC (the decoder's context). */
export type Read = DecodeContext['read'];

/** An account as the RPC reports it: its program, lamports and (base64) data. */
export interface AccountState {
  readonly owner: string;
  readonly lamports: bigint;
  readonly data: Uint8Array;
  /** The data's whole length (`space`), when the RPC says it: the data may be a slice. */
  readonly space?: number | undefined;
}

/** An SPL token account's mint, owner, amount and delegate. */
export interface TokenAccount {
  readonly mint: string;
  readonly owner: string;
  readonly amount: bigint;
  readonly delegate?: string | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const u64 = (data: Uint8Array, offset: number) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
const key = (data: Uint8Array, offset: number) => base58.encode(data.subarray(offset, offset + 32));

/** An account of the RPC's `base64` encoding; `null` when it does not exist, `undefined` when the value is not an account. */
export function accountOf(value: unknown): AccountState | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || typeof value['owner'] !== 'string' || !Array.isArray(value['data']) || typeof value['data'][0] !== 'string') return undefined;
  const lamports = value['lamports'];
  if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0) return undefined;
  const space = typeof value['space'] === 'number' ? value['space'] : undefined;
  try {
    return { owner: value['owner'], lamports: BigInt(lamports), data: base64.decode(value['data'][0]), space };
  } catch {
    return undefined;
  }
}

/**
 * The accounts at `addresses` (`getMultipleAccounts`, base64, 100 a request; the first 166 bytes
 * with `sliced`: a token account, a mint and Token-2022's account-type byte). Addresses the
 * answer leaves out are absent from the map; a failing RPC rejects.
 */
export async function readAccounts(read: Read, addresses: readonly string[], sliced: boolean): Promise<Map<string, AccountState | null>> {
  const unique = [...new Set(addresses)];
  const out = new Map<string, AccountState | null>();
  for (let start = 0; start < unique.length; start += 100) {
    const batch = unique.slice(start, start + 100);
    const reply = await read('getMultipleAccounts', [batch, { encoding: 'base64', commitment: 'confirmed', ...(sliced ? { dataSlice: { offset: 0, length: 166 } } : {}) }]);
    const list = isRecord(reply) && Array.isArray(reply['value']) ? reply['value'] : [];
    batch.forEach((address, i) => {
      const account = accountOf(list[i]);
      if (account !== undefined) out.set(address, account);
    });
  }
  return out;
}

/** A multisig account's size, which Token-2022 tells from an account by length alone. */
const MULTISIG_BYTES = 355;

/** An SPL Token or Token-2022 account (165 bytes, or more with extensions and account type 2). */
export function tokenAccountOf(account: AccountState | null | undefined): TokenAccount | undefined {
  if (!account || !TOKEN_PROGRAMS.has(account.owner) || account.data.length < 165 || account.space === MULTISIG_BYTES || (account.data.length > 165 && account.data[165] !== 2)) return undefined;
  const { data } = account;
  return { mint: key(data, 0), owner: key(data, 32), amount: u64(data, 64), delegate: data[72] === 1 ? key(data, 76) : undefined };
}

/** An SPL mint's decimals and supply (82 bytes, or more with extensions and account type 1). */
export function mintOf(account: AccountState | null | undefined): { decimals: number; supply: bigint } | undefined {
  if (!account || !TOKEN_PROGRAMS.has(account.owner) || account.data.length < 82 || (account.data.length > 82 && account.data[165] !== 1)) return undefined;
  const decimals = account.data[44]!;
  return decimals <= 30 && account.data[45] === 1 ? { decimals, supply: u64(account.data, 36) } : undefined;
}

/** The address lookup table program's tables: a 56-byte header, then the addresses. */
export function lookupTableOf(account: AccountState | null | undefined): string[] | undefined {
  if (!account || account.owner !== 'AddressLookupTab1e1111111111111111111111111' || account.data.length < 56 || (account.data.length - 56) % 32 !== 0) return undefined;
  return Array.from({ length: (account.data.length - 56) / 32 }, (_, i) => key(account.data, 56 + 32 * i));
}
