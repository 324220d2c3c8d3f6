/**
 * Interop both ways with `bip322-js` (the BIP-322 library Bitcoin wallets and services use), on
 * generated keys and messages: what it signs for P2WPKH, P2SH-P2WPKH, P2TR and P2PKH our verifier
 * accepts, and what our test signers sign it accepts. `bip322-js` runs here as a reference only:
 * it needs Node's `Buffer` and pulls bitcoinjs-lib 6 beside our 7, so the plugin does not ship it.
 */
import fc from 'fast-check';
import { payments } from 'bitcoinjs-lib';
import { Signer, Verifier } from 'bip322-js';
import { describe, expect, it } from 'vitest';
import { ECPair, signBip322Simple, signLegacyMessage, type LegacySignatureAddressType } from '../testing/signers';
import { ensureBitcoinEcc } from './ecc';
import { verifyBitcoinMessage } from './messages';

type AddressType = 'p2wpkh' | 'p2sh-p2wpkh' | 'p2tr' | 'p2pkh';

function addressOf(publicKey: Uint8Array, type: AddressType): string {
  if (type === 'p2wpkh') return payments.p2wpkh({ pubkey: publicKey }).address!;
  if (type === 'p2sh-p2wpkh') return payments.p2sh({ redeem: payments.p2wpkh({ pubkey: publicKey }) }).address!;
  if (type === 'p2tr') return payments.p2tr({ internalPubkey: publicKey.subarray(1, 33) }).address!;
  return payments.p2pkh({ pubkey: publicKey }).address!;
}

/** A valid secp256k1 private key from 32 random bytes (rejecting the rare out-of-range ones). */
const privateKeys = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((bytes) => {
  try {
    ECPair.fromPrivateKey(bytes);
    return true;
  } catch {
    return false;
  }
});
const messages = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('', 'Hello World', 'localhost wants you to sign in with your Bitcoin account:'));
const addressTypes = fc.constantFrom<AddressType>('p2wpkh', 'p2sh-p2wpkh', 'p2tr', 'p2pkh');
const RUNS = 40;

describe('BIP-322 and BIP-137 interop with bip322-js', () => {
  ensureBitcoinEcc();

  it('bip322-js signs (BIP-322 simple for segwit and Taproot, BIP-137 for P2PKH) → Portico verifies, and rejects another message', () => {
    fc.assert(
      fc.property(privateKeys, messages, addressTypes, (privateKey, message, type) => {
        const key = ECPair.fromPrivateKey(privateKey);
        const address = addressOf(key.publicKey, type);
        const signature = Signer.sign(key.toWIF(), address, message);
        expect(verifyBitcoinMessage({ address, message, signature })).toBe(true);
        expect(verifyBitcoinMessage({ address, message: `${message}.`, signature })).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('Portico signs BIP-322 simple (P2WPKH, P2TR) → bip322-js verifies', () => {
    fc.assert(
      fc.property(privateKeys, messages, fc.constantFrom<AddressType>('p2wpkh', 'p2tr'), (privateKey, message, type) => {
        const address = addressOf(ECPair.fromPrivateKey(privateKey).publicKey, type);
        const signature = signBip322Simple({ message, privateKey, address });
        expect(Verifier.verifySignature(address, message, signature)).toBe(true);
        expect(Verifier.verifySignature(address, `${message}.`, signature)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('Portico signs BIP-137 legacy messages (P2PKH, P2SH-P2WPKH, P2WPKH headers) → bip322-js verifies', () => {
    fc.assert(
      fc.property(privateKeys, messages, fc.constantFrom<LegacySignatureAddressType>('p2pkh', 'p2sh-p2wpkh', 'p2wpkh'), (privateKey, message, addressType) => {
        const address = addressOf(ECPair.fromPrivateKey(privateKey).publicKey, addressType);
        const signature = signLegacyMessage({ message, privateKey, addressType });
        expect(Verifier.verifySignature(address, message, signature)).toBe(true);
        expect(verifyBitcoinMessage({ address, message, signature })).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('a P2SH-P2WPKH signature by another key, or for another nested address, fails', () => {
    const key = ECPair.fromPrivateKey(new Uint8Array(32).fill(7));
    const other = ECPair.fromPrivateKey(new Uint8Array(32).fill(9));
    const address = addressOf(key.publicKey, 'p2sh-p2wpkh');
    const signature = Signer.sign(key.toWIF(), address, 'm');
    expect(verifyBitcoinMessage({ address, message: 'm', signature })).toBe(true);
    expect(verifyBitcoinMessage({ address: addressOf(other.publicKey, 'p2sh-p2wpkh'), message: 'm', signature })).toBe(false);
    const byOther = Signer.sign(other.toWIF(), addressOf(other.publicKey, 'p2sh-p2wpkh'), 'm');
    expect(verifyBitcoinMessage({ address, message: 'm', signature: byOther })).toBe(false);
  });
});
