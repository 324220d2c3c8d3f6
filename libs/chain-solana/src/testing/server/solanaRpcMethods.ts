import type { Address } from '@solana/kit';
import { accountEncodingOption, dataSliceOption, encodeAccount, encodeExistingAccount } from './accountEncoding';
import { JsonRpcError, type JsonRpcMethod } from './jsonRpc';
import {
  addressParam,
  arrayParam,
  booleanOption,
  configParam,
  enumOption,
  hashParam,
  invalidParams,
  requiredParam,
  type RpcConfig,
  stringParam,
  toAddress,
  toInteger,
  toSignature,
} from './rpcParams';
import { type SimulationResult, type SolanaLedger, TransactionRejectedError } from './solanaLedger';
import { tokenAccountsByOwner } from './tokenAccounts';
import { signatureInfoJson, signatureStatusJson, simulationJson, transactionWithMetaJson } from './transactionEncoding';
import { transactionFee } from './transactionFee';
import { decodeBinary, decodeWireMessage, decodeWireTransaction, MAX_TRANSACTION_BYTES } from './wireTransaction';

/** The `solana-core` version this server claims (the API it follows). */
export const SOLANA_CORE_VERSION = '2.2.0';

const MAX_ACCOUNTS_PER_REQUEST = 100;
const MAX_SIGNATURES_PER_REQUEST = 256;

/** The JSON-RPC error a node answers when a transaction does not land. */
export function transactionRejection(result: SimulationResult, prefix: string): JsonRpcError {
  if (result.err?.json === 'SignatureFailure') return new JsonRpcError(-32003, 'Transaction signature verification failure');
  return new JsonRpcError(-32002, `${prefix}: ${result.err?.message ?? 'rejected'}`, simulationJson(result, null, false));
}

/**
 * The HTTP JSON-RPC methods of the local Solana node, answering in the shapes of the real
 * node (`{ context, value }` where it uses them) for `@solana/web3.js` 1.x and `@solana/kit`.
 */
export function createSolanaRpcMethods(ledger: SolanaLedger, genesisHash: string): ReadonlyMap<string, JsonRpcMethod> {
  const withContext = (value: unknown) => ({ context: { apiVersion: SOLANA_CORE_VERSION, slot: ledger.slot() }, value });
  const config = (params: readonly unknown[], index: number): RpcConfig => {
    const value = configParam(params, index);
    if (value.minContextSlot !== undefined && toInteger(value.minContextSlot, 'minContextSlot') > ledger.slot()) {
      throw new JsonRpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: ledger.slot() });
    }
    return value;
  };
  const wireTransaction = (params: readonly unknown[], options: RpcConfig) => {
    const encoding = enumOption(options, 'encoding', ['base58', 'base64'] as const, 'base58');
    return decodeWireTransaction(decodeBinary(stringParam(params, 0, 'transaction'), encoding, 'transaction', MAX_TRANSACTION_BYTES));
  };
  const noConfig = (read: () => unknown) => (params: readonly unknown[]) => {
    config(params, 0);
    return read();
  };

  const methods: Record<string, JsonRpcMethod> = {
    getGenesisHash: () => genesisHash,
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 }),
    getHealth: () => 'ok',
    getSlot: noConfig(() => ledger.slot()),
    getBlockHeight: noConfig(() => ledger.blockHeight()),
    getTransactionCount: noConfig(() => ledger.transactionCount()),
    getLatestBlockhash: noConfig(() => withContext(ledger.latestBlockhash())),
    getRecentPrioritizationFees: () => [],
    getEpochInfo: noConfig(() => {
      const slot = ledger.slot();
      const slotsInEpoch = ledger.slotsPerEpoch();
      return { absoluteSlot: slot, blockHeight: ledger.blockHeight(), epoch: slot / slotsInEpoch, slotIndex: slot % slotsInEpoch, slotsInEpoch, transactionCount: ledger.transactionCount() };
    }),
    isBlockhashValid(params) {
      const blockhash = hashParam(params, 0, 'blockhash');
      config(params, 1);
      return withContext(ledger.isBlockhashValid(blockhash));
    },
    getBalance(params) {
      const address = addressParam(params, 0);
      config(params, 1);
      return withContext(ledger.balance(address));
    },
    getAccountInfo(params) {
      const address = addressParam(params, 0);
      const options = config(params, 1);
      return withContext(encodeAccount(ledger.account(address), accountEncodingOption(options), dataSliceOption(options)));
    },
    getMultipleAccounts(params) {
      const addresses = arrayParam(params, 0, 'addresses', MAX_ACCOUNTS_PER_REQUEST).map((value, index) => toAddress(value, `addresses[${index}]`));
      const options = config(params, 1);
      const encoding = accountEncodingOption(options);
      const slice = dataSliceOption(options);
      return withContext(addresses.map((address) => encodeAccount(ledger.account(address), encoding, slice)));
    },
    getMinimumBalanceForRentExemption(params) {
      const dataLength = toInteger(requiredParam(params, 0, 'dataLength'), 'dataLength', { max: 10 * 1024 * 1024 });
      config(params, 1);
      return ledger.minimumBalanceForRentExemption(BigInt(dataLength));
    },
    getFeeForMessage(params) {
      const message = decodeWireMessage(decodeBinary(stringParam(params, 0, 'message'), 'base64', 'message', MAX_TRANSACTION_BYTES));
      config(params, 1);
      return withContext(ledger.isBlockhashValid(message.lifetimeToken) ? transactionFee(message) : null);
    },
    requestAirdrop(params) {
      const address = addressParam(params, 0);
      const lamports = toInteger(requiredParam(params, 1, 'lamports'), 'lamports', { min: 1 });
      config(params, 2);
      try {
        return ledger.airdrop(address, BigInt(lamports)).signature;
      } catch (error) {
        if (error instanceof TransactionRejectedError) throw transactionRejection(error.result, 'Airdrop failed');
        throw error;
      }
    },
    sendTransaction(params) {
      const options = config(params, 1);
      const wire = wireTransaction(params, options);
      const skipPreflight = booleanOption(options, 'skipPreflight', false);
      try {
        return ledger.submit(wire, { preflight: !skipPreflight }).signature;
      } catch (error) {
        if (error instanceof TransactionRejectedError) throw transactionRejection(error.result, skipPreflight ? 'Transaction failed' : 'Transaction simulation failed');
        throw error;
      }
    },
    simulateTransaction(params) {
      const options = config(params, 1);
      const wire = wireTransaction(params, options);
      const sigVerify = booleanOption(options, 'sigVerify', false);
      const replaceRecentBlockhash = booleanOption(options, 'replaceRecentBlockhash', false);
      if (sigVerify && replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      const includeInnerInstructions = booleanOption(options, 'innerInstructions', false);
      const accountsOption = options.accounts === undefined || options.accounts === null ? undefined : configParam([options.accounts], 0);
      const addresses = accountsOption && arrayParam([accountsOption.addresses], 0, 'accounts.addresses', MAX_ACCOUNTS_PER_REQUEST).map((value, index) => toAddress(value, `accounts.addresses[${index}]`));
      const accountEncoding = accountsOption && accountEncodingOption(accountsOption, 'base64');
      const result = ledger.simulate(wire, { sigVerify, replaceRecentBlockhash });
      const accounts =
        addresses && accountEncoding && !result.err
          ? addresses.map((address) => {
              const post = result.postAccounts.find((account) => account.address === address);
              return post ? encodeExistingAccount(post, accountEncoding) : encodeAccount(ledger.account(address), accountEncoding);
            })
          : null;
      return withContext(simulationJson(result, accounts, includeInnerInstructions));
    },
    getSignatureStatuses(params) {
      const signatures = arrayParam(params, 0, 'signatures', MAX_SIGNATURES_PER_REQUEST).map((value, index) => toSignature(value, `signatures[${index}]`));
      config(params, 1);
      return withContext(signatures.map((signature) => {
        const record = ledger.record(signature);
        return record ? signatureStatusJson(record) : null;
      }));
    },
    getTransaction(params) {
      const signature = toSignature(requiredParam(params, 0, 'signature'), 'signature');
      // The second param may still be the legacy bare encoding string.
      const options = typeof params[1] === 'string' ? { encoding: params[1] } : config(params, 1);
      const encoding = enumOption(options, 'encoding', ['json', 'jsonParsed', 'base58', 'base64'] as const, 'json');
      const maxVersion = options.maxSupportedTransactionVersion;
      const record = ledger.record(signature);
      return record ? transactionWithMetaJson(record, encoding, maxVersion === undefined ? undefined : toInteger(maxVersion, 'maxSupportedTransactionVersion', { max: 0 })) : null;
    },
    getSignaturesForAddress(params) {
      const address = addressParam(params, 0);
      const options = config(params, 1);
      const limit = options.limit === undefined ? 1000 : toInteger(options.limit, 'limit', { min: 1, max: 1000 });
      const before = options.before === undefined ? undefined : toSignature(options.before, 'before');
      const until = options.until === undefined ? undefined : toSignature(options.until, 'until');
      return ledger.signaturesFor(address, { limit, before, until }).map(signatureInfoJson);
    },
    getTokenAccountsByOwner(params) {
      const owner = addressParam(params, 0, 'owner');
      const filter = requiredParam(params, 1, 'filter');
      const { mint, programId } = (typeof filter === 'object' && filter !== null ? filter : {}) as Record<string, unknown>;
      if ((mint === undefined) === (programId === undefined)) throw invalidParams('filter must be { mint } or { programId }');
      const options = config(params, 2);
      const parsedFilter: { mint?: Address; programId?: Address } = mint === undefined ? { programId: toAddress(programId, 'programId') } : { mint: toAddress(mint, 'mint') };
      return withContext(tokenAccountsByOwner(ledger, owner, parsedFilter, accountEncodingOption(options), dataSliceOption(options)));
    },
  };
  return new Map(Object.entries(methods));
}
