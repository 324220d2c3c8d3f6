import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { combine, split } from 'shamir-secret-sharing';
import { bytesToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

// Key custody of the embedded wallet (threat model in README.md). One 32-byte seed is made here,
// in the frame, and split 2-of-3 (Shamir over GF(256), the audited shamir-secret-sharing
// package): the device share stays in this origin's storage, the auth share goes to the auth
// service (released only to a live session), and the recovery share is sealed under the
// user's recovery factor before it leaves. Any two rebuild the seed; one alone reveals nothing.

const encoder = new TextEncoder();
const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromB64 = (text: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new TypeError('Not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
};

/** The three shares of a seed, base64url. */
export interface SeedShares {
  readonly device: string;
  readonly auth: string;
  readonly recovery: string;
}

/** A new random seed (the CSPRNG) and its three shares. */
export async function createSeed(): Promise<{ seed: Uint8Array; shares: SeedShares }> {
  const seed = crypto.getRandomValues(new Uint8Array(32));
  return { seed, shares: await splitSeed(seed) };
}

/** Splits a seed 2-of-3. */
export async function splitSeed(seed: Uint8Array): Promise<SeedShares> {
  if (seed.length !== 32) throw new RangeError('A seed is 32 bytes');
  const [device, auth, recovery] = await split(seed, 3, 2);
  return { device: toB64(device!), auth: toB64(auth!), recovery: toB64(recovery!) };
}

/** Rebuilds the seed from two different shares; throws when they do not make one. */
export async function combineShares(a: string, b: string): Promise<Uint8Array> {
  const [x, y] = [fromB64(a), fromB64(b)];
  if (x.length !== 33 || y.length !== 33) throw new RangeError('A share is 33 bytes');
  if (x[32] === y[32]) throw new RangeError('Two different shares are needed');
  const seed = await combine([x, y]);
  if (seed.length !== 32) throw new RangeError('The shares do not make a seed');
  return seed;
}

const hkdf = async (seed: Uint8Array, info: string) => {
  const key = await crypto.subtle.importKey('raw', seed as BufferSource, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: encoder.encode(info) }, key, 256));
};

/** The accounts a seed gives: an EVM key (secp256k1) and a Solana key (ed25519), each from its own HKDF branch. */
export async function deriveAccounts(seed: Uint8Array): Promise<{ evmPrivateKey: Hex; evmAddress: Hex; solanaSeed: Uint8Array; solanaAddress: string }> {
  const evmPrivateKey = bytesToHex(await hkdf(seed, 'portico/eip155/0'));
  const solanaSeed = await hkdf(seed, 'portico/solana/0');
  return { evmPrivateKey, evmAddress: privateKeyToAccount(evmPrivateKey).address, solanaSeed, solanaAddress: base58.encode(ed25519.getPublicKey(solanaSeed)) };
}

/** PBKDF2 rounds for the recovery factor (OWASP's 2023 figure for PBKDF2-HMAC-SHA256). */
export const RECOVERY_ROUNDS = 600_000;

/** Seals the recovery share under a recovery password: PBKDF2-SHA256 → AES-256-GCM; `salt.iv.ciphertext`, base64url. */
export async function sealRecoveryShare(share: string, password: string, rounds = RECOVERY_ROUNDS): Promise<string> {
  if (password.length < 8) throw new RangeError('A recovery password has at least 8 characters');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await passwordKey(password, salt, rounds);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(share)));
  return `${toB64(salt)}.${toB64(iv)}.${toB64(sealed)}`;
}

/** Opens a sealed recovery share; throws for a wrong password or a tampered seal. */
export async function openRecoveryShare(sealed: string, password: string, rounds = RECOVERY_ROUNDS): Promise<string> {
  const [salt, iv, data] = sealed.split('.').map(fromB64);
  if (!salt || !iv || !data) throw new TypeError('Not a sealed share');
  const key = await passwordKey(password, salt, rounds);
  try {
    return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: iv as BufferSource }, key, data as BufferSource));
  } catch {
    throw new Error('Wrong recovery password');
  }
}

async function passwordKey(password: string, salt: Uint8Array, rounds: number) {
  const material = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations: rounds }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}
