import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519';
import {
  type Address,
  type EncodedAccount,
  getAddressDecoder,
  getAddressEncoder,
  getBase58Decoder,
  getCompiledTransactionMessageEncoder,
  getTransactionEncoder,
  type MaybeEncodedAccount,
  type Signature,
  type SignatureBytes,
  type Transaction,
  type TransactionMessageBytes,
} from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { describeExecution, type ExecutionDetails } from './executionDetails';
import { type DescribedTransactionError, describeTransactionError, namedTransactionError } from './transactionError';
import { transactionFee } from './transactionFee';
import { decodeWireTransaction, type LoadedAccountKeys, loadAccountKeys, type WireMessage, type WireTransaction } from './wireTransaction';

/** A landed transaction (successful or failed with its fee charged), as history methods report it. */
export interface TransactionRecord extends ExecutionDetails {
  signature: string;
  slot: bigint;
  blockTime: number;
  err: DescribedTransactionError | null;
  fee: bigint;
  wire: WireTransaction;
  keys: LoadedAccountKeys;
  preBalances: bigint[];
  postBalances: bigint[];
  /** The SPL token accounts among the keys, before and after (the RPC's pre/postTokenBalances). */
  preTokenBalances: TokenBalanceRecord[];
  postTokenBalances: TokenBalanceRecord[];
}

/** One token account's balance in a transaction's metadata. */
export interface TokenBalanceRecord {
  accountIndex: number;
  mint: Address;
  owner: Address;
  programId: Address;
  amount: bigint;
  decimals: number;
}

/** What a simulation (or a rejected submission) reports. */
export interface SimulationResult extends ExecutionDetails {
  err: DescribedTransactionError | null;
  postAccounts: readonly EncodedAccount[];
  replacementBlockhash?: { blockhash: string; lastValidBlockHeight: bigint };
}

/** Thrown by `submit` when a transaction does not land; `result` says why (err, logs). */
export class TransactionRejectedError extends Error {
  constructor(readonly result: SimulationResult) {
    super(result.err?.message ?? 'Transaction rejected');
    this.name = 'TransactionRejectedError';
  }
}

/** The chain state behind the local RPC server: one LiteSVM plus the history a node keeps. */
export interface SolanaLedger {
  slot(): bigint;
  blockHeight(): bigint;
  transactionCount(): bigint;
  slotsPerEpoch(): bigint;
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint };
  isBlockhashValid(blockhash: string): boolean;
  account(address: Address): MaybeEncodedAccount;
  balance(address: Address): bigint;
  programAccounts(program: Address): EncodedAccount[];
  minimumBalanceForRentExemption(dataLength: bigint): bigint;
  simulate(wire: WireTransaction, options: { sigVerify: boolean; replaceRecentBlockhash?: boolean }): SimulationResult;
  /** Executes a transaction (after a simulation when `preflight`); throws `TransactionRejectedError`. */
  submit(wire: WireTransaction, options: { preflight: boolean }): TransactionRecord;
  /** Sends `lamports` from the built-in faucet; throws `TransactionRejectedError`. */
  airdrop(address: Address, lamports: bigint): TransactionRecord;
  /**
   * Test fixture: writes an SPL mint (`decimals`, supply `amount`) at `mint` and a token account
   * of `owner` holding `amount` of it, owned by the SPL Token program, straight into the ledger.
   */
  mintTokens(mint: Address, owner: Address, decimals: number, amount: bigint): Address;
  /** Test fixture: writes an account owned by `program` with `data`, rent-exempt. */
  writeAccount(address: Address, program: Address, data: Uint8Array): void;
  record(signature: string): TransactionRecord | undefined;
  /** Landed transactions that touched `address`, newest first. */
  signaturesFor(address: Address, options: { limit: number; before?: string; until?: string }): TransactionRecord[];
  /** Calls `listener` after each landed transaction; returns the unsubscribe. */
  onCommit(listener: (record: TransactionRecord) => void): () => void;
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
const TOKEN_PROGRAMS_SET: ReadonlySet<string> = new Set([TOKEN_PROGRAM, 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);
const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111' as Address;
/** How many blocks a blockhash stays valid, as on the real cluster. */
const BLOCKHASH_VALIDITY = 150n;
const MAX_RECORDS = 5_000;
const MAX_SIGNATURES_PER_ADDRESS = 1_000;
const MAX_INDEXED_ADDRESSES = 10_000;
const FAUCET_LAMPORTS = 500_000_000n * 1_000_000_000n;

const noExecution = (err: DescribedTransactionError): SimulationResult => ({ err, logs: [], unitsConsumed: 0n, innerInstructions: [], returnData: null, postAccounts: [] });

function transferData(lamports: bigint): Uint8Array {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return data;
}

/**
 * Creates a ledger over a fresh LiteSVM. Signature verification stays on; the blockhash
 * check is done here instead of in LiteSVM so that a blockhash stays valid for 150 blocks
 * (LiteSVM only accepts its latest one), while each landed transaction starts a new block.
 */
export function createSolanaLedger(): SolanaLedger {
  const svm = new LiteSVM().withSigverify(true).withBlockhashCheck(false).withTransactionHistory(BigInt(MAX_RECORDS));
  const initialSlot = svm.getClock().slot;
  const faucetSecret = createHash('sha256').update('portico-solana-localnet-faucet').digest();
  const faucet = getBase58Decoder().decode(ed25519.getPublicKey(faucetSecret)) as Address;
  svm.setAccount({ address: faucet, lamports: FAUCET_LAMPORTS as EncodedAccount['lamports'], programAddress: SYSTEM_PROGRAM, data: new Uint8Array(), executable: false, space: 0n });
  let height = 0n;
  let transactions = 0n;
  const blockhashes = new Map<string, bigint>();
  const records = new Map<string, TransactionRecord>();
  const signaturesByAddress = new Map<Address, string[]>();
  const listeners = new Set<(record: TransactionRecord) => void>();

  const slot = () => initialSlot + height;
  const balance = (address: Address) => svm.getBalance(address) ?? 0n;
  const startBlock = () => {
    const clock = svm.getClock();
    clock.slot = slot();
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000));
    svm.setClock(clock);
    blockhashes.set(svm.latestBlockhash(), height + BLOCKHASH_VALIDITY);
    for (const [blockhash, lastValid] of blockhashes) {
      if (lastValid >= height) break;
      blockhashes.delete(blockhash);
    }
  };
  startBlock();

  const readLookupTable = (table: Address) => {
    const account = svm.getAccount(table);
    if (!account.exists || account.programAddress !== LOOKUP_TABLE_PROGRAM) return undefined;
    const decoder = getAddressDecoder();
    const addresses: Address[] = [];
    for (let offset = 56; offset + 32 <= account.data.length; offset += 32) addresses.push(decoder.decode(account.data.slice(offset, offset + 32)));
    return addresses;
  };

  // A durable-nonce transaction names the nonce value instead of a recent blockhash.
  const isNonceValid = (message: WireMessage) => {
    const first = message.instructions[0];
    const data = first?.data;
    if (!first || message.staticAccounts[first.programAddressIndex] !== SYSTEM_PROGRAM || data?.length !== 4 || data[0] !== 4) return false;
    const nonceAccount = message.staticAccounts[first.accountIndices?.[0] ?? -1];
    const account = nonceAccount && svm.getAccount(nonceAccount);
    return !!account && account.exists && account.data.length >= 72 && getBase58Decoder().decode(account.data.slice(40, 72)) === message.lifetimeToken;
  };

  const isBlockhashValid = (blockhash: string) => (blockhashes.get(blockhash) ?? -1n) >= height;

  const precheck = (wire: WireTransaction, sigVerify: boolean): SimulationResult | undefined => {
    if (sigVerify && Object.values(wire.transaction.signatures).some((signature) => !signature)) return noExecution(namedTransactionError('SignatureFailure'));
    if (!isBlockhashValid(wire.message.lifetimeToken) && !isNonceValid(wire.message)) return noExecution(namedTransactionError('BlockhashNotFound'));
    if (records.has(wire.signature)) return noExecution(namedTransactionError('AlreadyProcessed'));
    return undefined;
  };

  const simulate: SolanaLedger['simulate'] = (wire, { sigVerify, replaceRecentBlockhash = false }) => {
    let transaction: Transaction = wire.transaction;
    let replacementBlockhash: SimulationResult['replacementBlockhash'];
    if (replaceRecentBlockhash) {
      replacementBlockhash = { blockhash: svm.latestBlockhash(), lastValidBlockHeight: height + BLOCKHASH_VALIDITY };
      const messageBytes = getCompiledTransactionMessageEncoder().encode({ ...wire.message, lifetimeToken: replacementBlockhash.blockhash });
      transaction = { ...transaction, messageBytes: messageBytes as TransactionMessageBytes };
    } else {
      const rejection = precheck(wire, sigVerify);
      if (rejection) return rejection;
    }
    svm.withSigverify(sigVerify);
    try {
      const outcome = svm.simulateTransaction(transaction);
      if (outcome instanceof FailedTransactionMetadata) return { err: describeTransactionError(outcome.err()), ...describeExecution(outcome.meta()), postAccounts: [], replacementBlockhash };
      return { err: null, ...describeExecution(outcome.meta()), postAccounts: outcome.postAccounts(), replacementBlockhash };
    } finally {
      svm.withSigverify(true);
    }
  };

  const index = (address: Address, signature: string) => {
    let list = signaturesByAddress.get(address);
    if (!list) {
      if (signaturesByAddress.size >= MAX_INDEXED_ADDRESSES) signaturesByAddress.delete(signaturesByAddress.keys().next().value as Address);
      list = [];
      signaturesByAddress.set(address, list);
    }
    list.push(signature);
    if (list.length > MAX_SIGNATURES_PER_ADDRESS) list.shift();
  };

  const commit = (record: TransactionRecord) => {
    records.set(record.signature, record);
    if (records.size > MAX_RECORDS) records.delete(records.keys().next().value as string);
    for (const address of new Set(record.keys.all)) index(address, record.signature);
    transactions += 1n;
    height += 1n;
    svm.expireBlockhash();
    startBlock();
    for (const listener of listeners) {
      try {
        listener(record);
      } catch {
        // A subscriber's failure must not turn a landed transaction into an RPC error.
      }
    }
  };

  /** The SPL Token / Token-2022 accounts among `keys` with their mint, owner, amount and the mint's decimals. */
  const tokenBalances = (keys: readonly Address[]): TokenBalanceRecord[] => {
    const decoder = getAddressDecoder();
    return keys.flatMap((key, accountIndex) => {
      const account = svm.getAccount(key);
      if (!account?.exists || !TOKEN_PROGRAMS_SET.has(account.programAddress) || account.data.length < 165) return [];
      const data = new Uint8Array(account.data);
      const mint = decoder.decode(data.slice(0, 32));
      const mintAccount = svm.getAccount(mint);
      return [{ accountIndex, mint, owner: decoder.decode(data.slice(32, 64)), programId: account.programAddress, amount: new DataView(data.buffer, data.byteOffset).getBigUint64(64, true), decimals: mintAccount?.exists ? (mintAccount.data[44] ?? 0) : 0 }];
    });
  };

  const submit: SolanaLedger['submit'] = (wire, { preflight }) => {
    const rejection = precheck(wire, true);
    if (rejection) throw new TransactionRejectedError(rejection);
    if (preflight) {
      const simulation = simulate(wire, { sigVerify: true });
      if (simulation.err) throw new TransactionRejectedError(simulation);
    }
    const keys = loadAccountKeys(wire.message, readLookupTable);
    const preBalances = keys.all.map(balance);
    const preTokenBalances = tokenBalances(keys.all);
    const outcome = svm.sendTransaction(wire.transaction);
    const failed = outcome instanceof FailedTransactionMetadata;
    const err = failed ? describeTransactionError(outcome.err()) : null;
    const execution = describeExecution(failed ? outcome.meta() : outcome);
    // Failures before execution (bad signature, unfunded fee payer…) charge nothing and leave no trace.
    if (err && (err.json === 'AlreadyProcessed' || svm.getTransaction(wire.signature as Signature) === null)) {
      throw new TransactionRejectedError({ err, ...execution, postAccounts: [] });
    }
    const record: TransactionRecord = {
      signature: wire.signature,
      slot: slot(),
      blockTime: Number(svm.getClock().unixTimestamp),
      err,
      fee: transactionFee(wire.message),
      wire,
      keys,
      preBalances,
      postBalances: keys.all.map(balance),
      preTokenBalances,
      postTokenBalances: tokenBalances(keys.all),
      ...execution,
    };
    commit(record);
    return record;
  };

  return {
    slot,
    blockHeight: () => height,
    transactionCount: () => transactions,
    slotsPerEpoch: () => svm.getEpochSchedule().slotsPerEpoch,
    latestBlockhash: () => ({ blockhash: svm.latestBlockhash(), lastValidBlockHeight: height + BLOCKHASH_VALIDITY }),
    isBlockhashValid,
    account: (address) => svm.getAccount(address),
    balance,
    programAccounts: (program) => svm.getProgramAccounts(program),
    minimumBalanceForRentExemption: (dataLength) => svm.minimumBalanceForRentExemption(dataLength),
    simulate,
    submit,
    airdrop(address, lamports) {
      const messageBytes = getCompiledTransactionMessageEncoder().encode({
        version: 'legacy',
        header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 1 },
        staticAccounts: [faucet, address, SYSTEM_PROGRAM],
        lifetimeToken: svm.latestBlockhash(),
        instructions: [{ programAddressIndex: 2, accountIndices: [0, 1], data: transferData(lamports) }],
      });
      const signature = ed25519.sign(new Uint8Array(messageBytes), faucetSecret) as SignatureBytes;
      const bytes = getTransactionEncoder().encode({ messageBytes: messageBytes as TransactionMessageBytes, signatures: { [faucet]: signature } });
      return submit(decodeWireTransaction(new Uint8Array(bytes)), { preflight: true });
    },
    mintTokens(mint, owner, decimals, amount) {
      const encoder = getAddressEncoder();
      const u64 = (value: bigint) => {
        const bytes = new Uint8Array(8);
        new DataView(bytes.buffer).setBigUint64(0, value, true);
        return bytes;
      };
      // SPL Token's Mint (82 bytes): no mint authority, supply, decimals, initialized, no freeze authority.
      const mintData = new Uint8Array(82);
      mintData.set(u64(amount), 36);
      mintData[44] = decimals;
      mintData[45] = 1;
      // SPL Token's Account (165 bytes): mint, owner, amount, no delegate, initialized, not native, no close authority.
      const accountData = new Uint8Array(165);
      accountData.set(encoder.encode(mint), 0);
      accountData.set(encoder.encode(owner), 32);
      accountData.set(u64(amount), 64);
      accountData[108] = 1;
      const tokenAccount = getBase58Decoder().decode(createHash('sha256').update(`portico-token-account:${mint}:${owner}`).digest()) as Address;
      const put = (address: Address, data: Uint8Array) =>
        svm.setAccount({ address, lamports: svm.minimumBalanceForRentExemption(BigInt(data.length)) as EncodedAccount['lamports'], programAddress: TOKEN_PROGRAM, data, executable: false, space: BigInt(data.length) });
      put(mint, mintData);
      put(tokenAccount, accountData);
      return tokenAccount;
    },
    writeAccount(address, program, data) {
      svm.setAccount({ address, lamports: svm.minimumBalanceForRentExemption(BigInt(data.length)) as EncodedAccount['lamports'], programAddress: program, data, executable: false, space: BigInt(data.length) });
    },
    record: (signature) => records.get(signature),
    signaturesFor(address, { limit, before, until }) {
      const list = signaturesByAddress.get(address) ?? [];
      let start = list.length - 1;
      if (before !== undefined) start = list.lastIndexOf(before) - 1;
      const found: TransactionRecord[] = [];
      for (let position = start; position >= 0 && found.length < limit; position -= 1) {
        if (list[position] === until) break;
        const record = records.get(list[position] ?? '');
        if (record) found.push(record);
      }
      return found;
    },
    onCommit(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
