import type { FailedTransactionMetadata } from 'litesvm';

/** A transaction error as the Solana RPC serialises it: `"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`… */
export type TransactionErrorJson = string | Readonly<Record<string, unknown>>;

/** A transaction error in both forms a client sees: the JSON value and the node's sentence. */
export interface DescribedTransactionError {
  json: TransactionErrorJson;
  message: string;
}

type LiteSvmTransactionError = ReturnType<FailedTransactionMetadata['err']>;

// In the order of litesvm's `TransactionErrorFieldless` and `InstructionErrorFieldless` enums
// (declared `const enum`, which isolated modules cannot read).
const TRANSACTION_ERRORS = 'AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit TooManyAccountLocks AddressLookupTableNotFound InvalidAddressLookupTableOwner InvalidAddressLookupTableData InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled'.split(' ');
const INSTRUCTION_ERRORS = 'GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync InvalidError ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits BorshIoError'.split(' ');

// The agave sentences for the errors a wallet test meets; the rest are spelled out from the name.
const TRANSACTION_MESSAGES: Readonly<Record<string, string>> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
};
const INSTRUCTION_MESSAGES: Readonly<Record<string, string>> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
};

const spellOut = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** A fieldless transaction error by name (`'BlockhashNotFound'`) in both forms. */
export function namedTransactionError(name: string): DescribedTransactionError {
  const sentence = TRANSACTION_MESSAGES[name] ?? spellOut(name);
  return { json: name, message: sentence.charAt(0).toUpperCase() + sentence.slice(1) };
}

/** Converts litesvm's error object into the RPC JSON value and the node's sentence. */
export function describeTransactionError(error: LiteSvmTransactionError): DescribedTransactionError {
  if (typeof error === 'number') return namedTransactionError(TRANSACTION_ERRORS[error] ?? 'UnknownTransactionError');
  if ('err' in error) {
    const inner = error.err();
    let json: unknown;
    let message: string;
    if (typeof inner === 'number') {
      json = INSTRUCTION_ERRORS[inner] ?? 'InvalidError';
      message = INSTRUCTION_MESSAGES[json as string] ?? spellOut(json as string);
    } else if ('code' in inner) {
      json = { Custom: inner.code };
      message = `custom program error: 0x${inner.code.toString(16)}`;
    } else {
      json = { BorshIoError: inner.msg };
      message = `Failed to serialize or deserialize account data: ${inner.msg}`;
    }
    return { json: { InstructionError: [error.index, json] }, message: `Error processing Instruction ${error.index}: ${message}` };
  }
  if ('index' in error) return { json: { DuplicateInstruction: error.index }, message: `Transaction contains a duplicate instruction (${error.index}) that is not allowed` };
  // Both remaining variants carry only `accountIndex`; the native class name tells them apart.
  if (error.toString().includes('InsufficientFundsForRent')) {
    return { json: { InsufficientFundsForRent: { account_index: error.accountIndex } }, message: `Transaction results in an account (${error.accountIndex}) with insufficient funds for rent` };
  }
  return {
    json: { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex } },
    message: `Execution of the program referenced by account at index ${error.accountIndex} is temporarily restricted.`,
  };
}
