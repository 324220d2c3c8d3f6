import {
  type Address,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit';
import { invalidParams } from './rpcParams';

/** A legacy or v0 compiled message with its blockhash (or nonce) as `lifetimeToken`. */
export type WireMessage = Extract<CompiledTransactionMessage, { version: 'legacy' | 0 }> & CompiledTransactionMessageWithLifetime;

/** A client's transaction, decoded once and carried through simulation, execution and history. */
export interface WireTransaction {
  bytes: Uint8Array;
  transaction: Transaction;
  message: WireMessage;
  /** The first signature, base58: the transaction's id (all ones when unsigned). */
  signature: string;
}

/** Largest transaction the network accepts (`PACKET_DATA_SIZE`). */
export const MAX_TRANSACTION_BYTES = 1232;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes base58 or base64 text into bytes, or throws -32602 naming `what`. */
export function decodeBinary(text: string, encoding: 'base58' | 'base64', what: string, maxBytes: number): Uint8Array {
  const maxChars = encoding === 'base64' ? Math.ceil(maxBytes / 3) * 4 : Math.ceil(maxBytes * 1.37) + 1;
  if (text.length > maxChars) throw invalidParams(`${encoding} encoded ${what} too large: ${text.length} characters (max: ${maxChars} encoded, ${maxBytes} bytes)`);
  if (encoding === 'base64') {
    if (text.length % 4 !== 0 || !BASE64.test(text)) throw invalidParams(`${what} is not valid base64`);
    return new Uint8Array(Buffer.from(text, 'base64'));
  }
  try {
    return new Uint8Array(getBase58Encoder().encode(text));
  } catch {
    throw invalidParams(`${what} is not valid base58`);
  }
}

/** Decodes a compiled message; throws -32602 for anything but a well-formed legacy or v0 message. */
export function decodeWireMessage(bytes: Uint8Array): WireMessage {
  let message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime;
  let end: number;
  try {
    [message, end] = getCompiledTransactionMessageDecoder().read(bytes, 0);
  } catch (error) {
    throw invalidParams(`failed to deserialize the transaction message: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (end !== bytes.length) throw invalidParams(`failed to deserialize the transaction message: ${bytes.length - end} trailing bytes`);
  if (message.version !== 'legacy' && message.version !== 0) throw invalidParams(`transaction version ${String(message.version)} is not supported`);
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const keys = message.staticAccounts.length;
  if (numSignerAccounts === 0 || numSignerAccounts > keys || numReadonlySignerAccounts >= numSignerAccounts || numReadonlyNonSignerAccounts > keys - numSignerAccounts) {
    throw invalidParams('the transaction message header does not match its account keys');
  }
  for (const instruction of message.instructions) {
    if (instruction.programAddressIndex >= keys || (message.version === 'legacy' && instruction.accountIndices?.some((index) => index >= keys))) {
      throw invalidParams('an instruction refers to an account the message does not list');
    }
  }
  return message;
}

/** Decodes a transaction from its wire bytes; throws -32602 with the reason. */
export function decodeWireTransaction(bytes: Uint8Array): WireTransaction {
  if (bytes.length > MAX_TRANSACTION_BYTES) throw invalidParams(`transaction too large: ${bytes.length} bytes (max: ${MAX_TRANSACTION_BYTES})`);
  let transaction: Transaction;
  let end: number;
  try {
    [transaction, end] = getTransactionDecoder().read(bytes, 0);
  } catch (error) {
    throw invalidParams(`failed to deserialize the transaction: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (end !== bytes.length) throw invalidParams(`failed to deserialize the transaction: ${bytes.length - end} trailing bytes`);
  const message = decodeWireMessage(new Uint8Array(transaction.messageBytes));
  const signers = Object.keys(transaction.signatures);
  if (signers.length !== message.header.numSignerAccounts) throw invalidParams(`the transaction carries ${signers.length} signatures but its message requires ${message.header.numSignerAccounts}`);
  const first = transaction.signatures[message.staticAccounts[0] as Address];
  return { bytes, transaction, message, signature: getBase58Decoder().decode(first ?? new Uint8Array(64)) };
}

/** Every account a message loads: static keys, then lookup-table writable, then read-only ones. */
export interface LoadedAccountKeys {
  all: Address[];
  writable: Set<Address>;
  loaded: { writable: Address[]; readonly: Address[] };
}

/**
 * Lists a message's accounts and which are writable, resolving address lookup tables with
 * `readTable` (the table's addresses, or `undefined` when it does not exist).
 */
export function loadAccountKeys(message: WireMessage, readTable: (table: Address) => readonly Address[] | undefined): LoadedAccountKeys {
  const { staticAccounts, header } = message;
  const writableSigners = header.numSignerAccounts - header.numReadonlySignerAccounts;
  const writableEnd = staticAccounts.length - header.numReadonlyNonSignerAccounts;
  const writable = new Set(staticAccounts.filter((_, index) => index < writableSigners || (index >= header.numSignerAccounts && index < writableEnd)));
  const loaded = { writable: [] as Address[], readonly: [] as Address[] };
  if (message.version === 0) {
    for (const lookup of message.addressTableLookups ?? []) {
      const table = readTable(lookup.lookupTableAddress) ?? [];
      for (const index of lookup.writableIndexes) if (table[index]) loaded.writable.push(table[index]);
      for (const index of lookup.readonlyIndexes) if (table[index]) loaded.readonly.push(table[index]);
    }
  }
  for (const key of loaded.writable) writable.add(key);
  return { all: [...staticAccounts, ...loaded.writable, ...loaded.readonly], writable, loaded };
}
