import { type Address, getBase58Decoder } from '@solana/kit';
import type { ExecutionDetails, InnerInstructionSet } from './executionDetails';
import { JsonRpcError } from './jsonRpc';
import { uiAmountString } from './tokenAccounts';
import type { SimulationResult, TransactionRecord } from './solanaLedger';

/** Transaction encodings of `getTransaction`. */
export type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64';

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes);

const returnDataJson = (returnData: ExecutionDetails['returnData']) =>
  returnData && { programId: returnData.programId, data: [Buffer.from(returnData.data).toString('base64'), 'base64'] };

// `jsonParsed` shows instructions of programs it has no parser for "partially decoded".
const partiallyDecoded = (keys: readonly Address[], programIdIndex: number, accounts: readonly number[], data: Uint8Array, stackHeight: number | null) => ({
  programId: keys[programIdIndex],
  accounts: accounts.map((index) => keys[index]),
  data: base58(data),
  stackHeight,
});

/** `meta.innerInstructions` in the `json` (indexes) or `jsonParsed` (addresses) form. */
export function innerInstructionsJson(sets: readonly InnerInstructionSet[], keys: readonly Address[], parsed: boolean) {
  return sets.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map(({ programIdIndex, accounts, data, stackHeight }) =>
      parsed ? partiallyDecoded(keys, programIdIndex, accounts, data, stackHeight) : { programIdIndex, accounts, data: base58(data), stackHeight },
    ),
  }));
}

function transactionJson(record: TransactionRecord, encoding: TransactionEncoding) {
  const { wire, keys } = record;
  if (encoding === 'base64') return [Buffer.from(wire.bytes).toString('base64'), 'base64'];
  if (encoding === 'base58') return [base58(wire.bytes), 'base58'];
  const { message, transaction } = wire;
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const signatures = message.staticAccounts.slice(0, numSignerAccounts).map((signer) => base58(new Uint8Array(transaction.signatures[signer] ?? new Uint8Array(64))));
  const addressTableLookups =
    message.version === 0 ? (message.addressTableLookups ?? []).map(({ lookupTableAddress, writableIndexes, readonlyIndexes }) => ({ accountKey: lookupTableAddress, writableIndexes, readonlyIndexes })) : undefined;
  const parsed = encoding === 'jsonParsed';
  const instructions = message.instructions.map(({ programAddressIndex, accountIndices = [], data = new Uint8Array() }) =>
    parsed ? partiallyDecoded(keys.all, programAddressIndex, accountIndices, new Uint8Array(data), null) : { programIdIndex: programAddressIndex, accounts: accountIndices, data: base58(new Uint8Array(data)), stackHeight: null },
  );
  const accountKeys = parsed
    ? keys.all.map((pubkey, index) => ({ pubkey, signer: index < numSignerAccounts, writable: keys.writable.has(pubkey), source: index < message.staticAccounts.length ? 'transaction' : 'lookupTable' }))
    : message.staticAccounts;
  const header = parsed ? undefined : { numRequiredSignatures: numSignerAccounts, numReadonlySignedAccounts: numReadonlySignerAccounts, numReadonlyUnsignedAccounts: numReadonlyNonSignerAccounts };
  return { signatures, message: { accountKeys, header, recentBlockhash: message.lifetimeToken, instructions, addressTableLookups } };
}

/** `getTransaction`'s result for a landed transaction. */
export function transactionWithMetaJson(record: TransactionRecord, encoding: TransactionEncoding, maxSupportedTransactionVersion: number | undefined) {
  const { version } = record.wire.message;
  if (version === 0 && maxSupportedTransactionVersion === undefined) {
    throw new JsonRpcError(
      -32015,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
  const parsed = encoding === 'jsonParsed';
  const err = record.err?.json ?? null;
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version: maxSupportedTransactionVersion === undefined ? undefined : version,
    transaction: transactionJson(record, encoding),
    meta: {
      err,
      status: err === null ? { Ok: null } : { Err: err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions: innerInstructionsJson(record.innerInstructions, record.keys.all, parsed),
      logMessages: record.logs,
      preTokenBalances: record.preTokenBalances.map(tokenBalanceJson),
      postTokenBalances: record.postTokenBalances.map(tokenBalanceJson),
      rewards: [],
      loadedAddresses: parsed ? undefined : record.keys.loaded,
      computeUnitsConsumed: record.unitsConsumed,
      returnData: returnDataJson(record.returnData) ?? undefined,
    },
  };
}

/** One entry of `getSignatureStatuses`. */
export function signatureStatusJson(record: TransactionRecord) {
  const err = record.err?.json ?? null;
  return { slot: record.slot, confirmations: null, err, status: err === null ? { Ok: null } : { Err: err }, confirmationStatus: 'finalized' };
}

/** One entry of `getSignaturesForAddress`. */
export function signatureInfoJson(record: TransactionRecord) {
  return { signature: record.signature, slot: record.slot, err: record.err?.json ?? null, memo: null, blockTime: record.blockTime, confirmationStatus: 'finalized' };
}

/** `simulateTransaction`'s value (and the `data` of a failed preflight). */
export function simulationJson(result: SimulationResult, accounts: unknown[] | null, includeInnerInstructions: boolean) {
  return {
    err: result.err?.json ?? null,
    logs: result.logs,
    accounts,
    unitsConsumed: result.unitsConsumed,
    returnData: returnDataJson(result.returnData),
    innerInstructions: includeInnerInstructions ? innerInstructionsJson(result.innerInstructions, [], false) : null,
    replacementBlockhash: result.replacementBlockhash ?? null,
  };
}

/** One entry of `meta.pre/postTokenBalances`, as the RPC sends it. */
function tokenBalanceJson(entry: TransactionRecord['preTokenBalances'][number]) {
  const text = uiAmountString(entry.amount, entry.decimals);
  return {
    accountIndex: entry.accountIndex,
    mint: entry.mint,
    owner: entry.owner,
    programId: entry.programId,
    uiTokenAmount: { amount: entry.amount.toString(), decimals: entry.decimals, uiAmount: Number(text), uiAmountString: text },
  };
}
