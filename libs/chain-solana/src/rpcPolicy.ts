/** Solana methods that only read. */
export const SOLANA_SAFE_METHODS = ['solana_getAccounts', 'solana_requestAccounts'] as const;

/** Solana signing methods: each one is confirmed by the user. */
export const SOLANA_CONFIRM_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
] as const;
