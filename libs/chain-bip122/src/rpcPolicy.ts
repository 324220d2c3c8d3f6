/** Bitcoin methods that only read. */
export const BIP122_SAFE_METHODS = ['getAccountAddresses'] as const;

/** Bitcoin signing and sending: each one is confirmed by the user. */
export const BIP122_CONFIRM_METHODS = ['signMessage', 'signPsbt', 'sendTransfer'] as const;
