import { type EncodedAccount, getBase58Decoder, type MaybeEncodedAccount } from '@solana/kit';
import { JsonRpcError } from './jsonRpc';
import { enumOption, invalidParams, type RpcConfig, toInteger } from './rpcParams';

/** Account data encodings this server answers (`binary` is the node's default: a bare base58 string). */
export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'jsonParsed';

/** A `dataSlice` config: the part of the data to return. */
export type DataSlice = { offset: number; length: number } | undefined;

/** `rentEpoch` of every account since rent collection ended (u64::MAX), as modern nodes report. */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n;
const MAX_BASE58_BYTES = 128;

/** Reads `encoding`; `base64+zstd` is refused because Node 20 has no zstd. */
export function accountEncodingOption(config: RpcConfig, fallback: AccountEncoding = 'binary'): AccountEncoding {
  const encoding = enumOption(config, 'encoding', ['binary', 'base58', 'base64', 'base64+zstd', 'jsonParsed'] as const, fallback);
  if (encoding === 'base64+zstd') throw invalidParams('encoding base64+zstd is not supported by this local server; use base64');
  return encoding;
}

/** Reads `dataSlice: { offset, length }`. */
export function dataSliceOption(config: RpcConfig): DataSlice {
  const slice = config.dataSlice;
  if (slice === undefined || slice === null) return undefined;
  if (typeof slice !== 'object') throw invalidParams('dataSlice must be an object { offset, length }');
  const { offset, length } = slice as Record<string, unknown>;
  return { offset: toInteger(offset, 'dataSlice.offset'), length: toInteger(length, 'dataSlice.length') };
}

/** Account data in the requested encoding; `jsonParsed` falls back to base64 like the node does for data it cannot parse. */
export function encodeAccountData(data: Uint8Array, encoding: AccountEncoding): string | [string, string] {
  if (encoding === 'base64' || encoding === 'jsonParsed') return [Buffer.from(data).toString('base64'), 'base64'];
  if (data.length > MAX_BASE58_BYTES) throw new JsonRpcError(-32600, `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`);
  const text = getBase58Decoder().decode(data);
  return encoding === 'base58' ? [text, 'base58'] : text;
}

/** An existing account in the RPC shape (`getAccountInfo`'s `value`). */
export function encodeExistingAccount(account: EncodedAccount, encoding: AccountEncoding, slice?: DataSlice) {
  const data = slice ? account.data.slice(slice.offset, slice.offset + slice.length) : account.data;
  return {
    data: encodeAccountData(new Uint8Array(data), encoding),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.space,
  };
}

/** An account in the RPC shape, or `null` when it does not exist. */
export function encodeAccount(account: MaybeEncodedAccount, encoding: AccountEncoding, slice?: DataSlice) {
  return account.exists ? encodeExistingAccount(account, encoding, slice) : null;
}
