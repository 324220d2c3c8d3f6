import { Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { insertSignature } from './createSolanaSessionWallet';

const BLOCKHASH = '4Zp7vN7NJHyNZnUWo63kvamxAv8rjT4A6JSWrNLSnKZA';
const payer = Keypair.fromSeed(new Uint8Array(32).fill(1));
const cosigner = Keypair.fromSeed(new Uint8Array(32).fill(2));
const outsider = Keypair.fromSeed(new Uint8Array(32).fill(3));
const recipient = new PublicKey('8opHzTAnfzRpPEx21XtnrVTX28YQuCpAjcn1PczScKh');

/** A legacy transfer paid by `payer` that `cosigner` also has to sign (it sends too). */
function legacyTwoSigners(): Transaction {
  return new Transaction({ feePayer: payer.publicKey, recentBlockhash: BLOCKHASH }).add(
    SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1 }),
    SystemProgram.transfer({ fromPubkey: cosigner.publicKey, toPubkey: recipient, lamports: 2 }),
  );
}

describe('insertSignature (a wallet that returned only the signature)', () => {
  it('puts the signature in the signer’s slot of a legacy transaction, which then verifies', () => {
    const tx = legacyTwoSigners();
    const unsigned = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
    const signed = legacyTwoSigners();
    signed.sign(payer, cosigner);
    const cosignerSignature = signed.signatures.find((s) => s.publicKey.equals(cosigner.publicKey))!.signature!;

    const out = Transaction.from(insertSignature(unsigned, cosigner.publicKey.toBytes(), cosignerSignature));
    const slot = out.signatures.find((s) => s.publicKey.equals(cosigner.publicKey));
    expect(slot?.signature && Buffer.from(slot.signature).equals(cosignerSignature)).toBe(true);
    // The payer's slot is untouched (still empty), and the cosigner's signature is valid.
    expect(out.signatures.find((s) => s.publicKey.equals(payer.publicKey))?.signature).toBeNull();
    expect(out.verifySignatures(false)).toBe(true);
  });

  it('works for a v0 transaction (version prefix before the header)', () => {
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: BLOCKHASH,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 5 })],
    }).compileToV0Message();
    const unsigned = new VersionedTransaction(message).serialize();
    const reference = new VersionedTransaction(message);
    reference.sign([payer]);

    const out = VersionedTransaction.deserialize(insertSignature(unsigned, payer.publicKey.toBytes(), reference.signatures[0]!));
    expect(Buffer.from(out.serialize()).equals(Buffer.from(reference.serialize()))).toBe(true);
  });

  it('refuses a signature for an account that does not sign the transaction, or one of the wrong length', () => {
    const unsigned = legacyTwoSigners().serialize({ requireAllSignatures: false, verifySignatures: false });
    expect(() => insertSignature(unsigned, outsider.publicKey.toBytes(), new Uint8Array(64))).toThrow(
      'The wallet answered solana_signTransaction with a signature for a transaction the account does not sign',
    );
    expect(() => insertSignature(unsigned, payer.publicKey.toBytes(), new Uint8Array(10))).toThrow('a signature that does not fit the transaction');
    expect(() => insertSignature(new Uint8Array([0]), payer.publicKey.toBytes(), new Uint8Array(64))).toThrow('a signature that does not fit the transaction');
  });
});
