import { type Address, type EncodedAccount, getAddressDecoder } from '@solana/kit';
import { type AccountEncoding, type DataSlice, encodeExistingAccount } from './accountEncoding';
import { invalidParams } from './rpcParams';
import type { SolanaLedger } from './solanaLedger';

/** The SPL token programs LiteSVM loads, with the names `jsonParsed` reports. */
export const TOKEN_PROGRAMS: ReadonlyMap<string, string> = new Map([
  ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'spl-token'],
  ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', 'spl-token-2022'],
]);

const TOKEN_ACCOUNT_LENGTH = 165;
const ACCOUNT_TYPE_ACCOUNT = 2;
const STATES = ['uninitialized', 'initialized', 'frozen'];

const isTokenAccount = (data: Uint8Array) => data.length === TOKEN_ACCOUNT_LENGTH || (data.length > TOKEN_ACCOUNT_LENGTH && data[TOKEN_ACCOUNT_LENGTH] === ACCOUNT_TYPE_ACCOUNT);

const readU64 = (data: Uint8Array, offset: number) => new DataView(data.buffer, data.byteOffset).getBigUint64(offset, true);

/** A token amount as the RPC's `uiAmountString`: whole units, no trailing zeros. */
export function uiAmountString(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

function parsedTokenAccount(ledger: SolanaLedger, account: EncodedAccount) {
  const data = new Uint8Array(account.data);
  const decoder = getAddressDecoder();
  const mint = decoder.decode(data.slice(0, 32));
  const mintAccount = ledger.account(mint);
  const decimals = mintAccount.exists ? (mintAccount.data[44] ?? 0) : 0;
  const amount = readU64(data, 64);
  const text = uiAmountString(amount, decimals);
  const hasDelegate = data[72] === 1;
  const hasCloseAuthority = data[129] === 1;
  const info = {
    isNative: data[109] === 1,
    mint,
    owner: decoder.decode(data.slice(32, 64)),
    state: STATES[data[108] ?? 0] ?? 'uninitialized',
    tokenAmount: { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text },
    delegate: hasDelegate ? decoder.decode(data.slice(76, 108)) : undefined,
    closeAuthority: hasCloseAuthority ? decoder.decode(data.slice(133, 165)) : undefined,
  };
  return {
    ...encodeExistingAccount(account, 'base64'),
    data: { program: TOKEN_PROGRAMS.get(account.programAddress), parsed: { info, type: 'account' }, space: account.space },
  };
}

/**
 * `getTokenAccountsByOwner`: the token accounts of `owner` under the filter (`{ mint }` or
 * `{ programId }`), read from the SPL token programs' accounts in the ledger.
 */
export function tokenAccountsByOwner(ledger: SolanaLedger, owner: Address, filter: { mint?: Address; programId?: Address }, encoding: AccountEncoding, slice: DataSlice) {
  if (filter.programId !== undefined && !TOKEN_PROGRAMS.has(filter.programId)) throw invalidParams(`unrecognized token program id ${filter.programId}`);
  const programs = filter.programId ? [filter.programId] : ([...TOKEN_PROGRAMS.keys()] as Address[]);
  const decoder = getAddressDecoder();
  return programs
    .flatMap((program) => ledger.programAccounts(program))
    .filter((account) => {
      const data = new Uint8Array(account.data);
      if (!isTokenAccount(data) || decoder.decode(data.slice(32, 64)) !== owner) return false;
      return filter.mint === undefined || decoder.decode(data.slice(0, 32)) === filter.mint;
    })
    .map((account) => ({
      pubkey: account.address,
      account: encoding === 'jsonParsed' ? parsedTokenAccount(ledger, account) : encodeExistingAccount(account, encoding, slice),
    }));
}
