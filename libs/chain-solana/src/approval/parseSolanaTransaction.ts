import { base58 } from '@scure/base';

/** Largest transaction the network accepts (`PACKET_DATA_SIZE`). */
export const MAX_TRANSACTION_BYTES = 1232;

/** One compiled instruction: indexes into the message's account list, and its data. */
export interface CompiledInstruction {
  readonly programIndex: number;
  readonly accounts: readonly number[];
  readonly data: Uint8Array;
}

/** A v0 message's reference to an address lookup table. */
export interface TableLookup {
  readonly table: string;
  readonly writable: readonly number[];
  readonly readonly: readonly number[];
}

/** A legacy or v0 transaction as it travels: its header, static keys, blockhash, instructions, lookups. */
export interface SolanaTransaction {
  readonly version: 'legacy' | 0;
  readonly signers: number;
  readonly readonlySigners: number;
  readonly readonlyUnsigned: number;
  readonly staticKeys: readonly string[];
  readonly blockhash: string;
  readonly instructions: readonly CompiledInstruction[];
  readonly lookups: readonly TableLookup[];
  /** The message's bytes (what is signed, and what `getFeeForMessage` takes). */
  readonly message: Uint8Array;
}

/**
 * Reads a wire transaction (compact-u16 signature count, the signatures, then a legacy or v0
 * message) without trusting it: `undefined` for anything the runtime would not deserialize — a
 * bad length, trailing bytes, an index past the keys, a header that does not fit, another version.
 */
export function parseSolanaTransaction(bytes: Uint8Array): SolanaTransaction | undefined {
  if (bytes.length > MAX_TRANSACTION_BYTES) return undefined;
  let at = 0;
  const byte = () => {
    if (at >= bytes.length) throw new RangeError('short');
    return bytes[at++]!;
  };
  const take = (length: number) => {
    if (at + length > bytes.length) throw new RangeError('short');
    at += length;
    return bytes.subarray(at - length, at);
  };
  const compactU16 = () => {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const next = byte();
      value |= (next & 0x7f) << shift;
      if ((next & 0x80) === 0) return value;
    }
    throw new RangeError('compact-u16 too long');
  };
  try {
    const signatureCount = compactU16();
    take(64 * signatureCount);
    const messageStart = at;
    let version: 'legacy' | 0 = 'legacy';
    if ((bytes[at] ?? 0) & 0x80) {
      if ((byte() & 0x7f) !== 0) return undefined;
      version = 0;
    }
    const [signers, readonlySigners, readonlyUnsigned] = [byte(), byte(), byte()];
    const staticKeys = Array.from({ length: compactU16() }, () => base58.encode(take(32)));
    const blockhash = base58.encode(take(32));
    const instructions = Array.from({ length: compactU16() }, () => ({ programIndex: byte(), accounts: [...take(compactU16())], data: take(compactU16()).slice() }));
    const lookups =
      version === 0
        ? Array.from({ length: compactU16() }, () => ({ table: base58.encode(take(32)), writable: [...take(compactU16())], readonly: [...take(compactU16())] }))
        : [];
    if (at !== bytes.length || signatureCount !== signers || signers === 0 || signers > staticKeys.length || readonlySigners >= signers || readonlyUnsigned > staticKeys.length - signers) return undefined;
    const total = staticKeys.length + lookups.reduce((sum, l) => sum + l.writable.length + l.readonly.length, 0);
    if (total > 256 || instructions.some((ix) => ix.programIndex >= staticKeys.length || ix.accounts.some((i) => i >= total))) return undefined;
    return { version, signers, readonlySigners, readonlyUnsigned, staticKeys, blockhash, instructions, lookups, message: bytes.slice(messageStart) };
  } catch {
    return undefined;
  }
}

/** Whether the message's account at `index` (static, then lookups' writable, then read-only) is writable. */
export function isWritable(tx: SolanaTransaction, index: number): boolean {
  const n = tx.staticKeys.length;
  if (index < tx.signers) return index < tx.signers - tx.readonlySigners;
  if (index < n) return index < n - tx.readonlyUnsigned;
  return index - n < tx.lookups.reduce((sum, l) => sum + l.writable.length, 0);
}
