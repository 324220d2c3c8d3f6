import * as ecc from '@bitcoinerlab/secp256k1';
import { initEccLib } from 'bitcoinjs-lib';

/** Pure-JS secp256k1 (noble) used for every curve operation: it also runs in a browser bundle. */
export { ecc };

/**
 * Gives bitcoinjs-lib its curve library before Taproot payments are built. Called lazily rather
 * than at import so the package stays free of import-time side effects; repeated calls are cheap.
 */
export function ensureBitcoinEcc(): void {
  initEccLib(ecc);
}
