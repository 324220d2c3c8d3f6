export { createBitcoinTestWallet } from './createBitcoinTestWallet';
export type { BitcoinTestWalletMode, BitcoinTestWalletOptions } from './createBitcoinTestWallet';
export { bitcoinWalletConnectNamespace } from './walletConnectNamespace';

/** Private key of the playground's and the tests' Bitcoin test wallet (regtest; never holds real funds). */
export const BITCOIN_TEST_WALLET_KEY = '33'.repeat(32);
export { BitcoinMessageSigningError, ECPair, signBip322Simple, signLegacyMessage, signP2wpkhInput, signTaprootKeyPathInput, taprootKeyPathKey } from './signers';
export type { LegacySignatureAddressType } from './signers';
