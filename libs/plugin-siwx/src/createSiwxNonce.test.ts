import { describe, expect, it, vi } from 'vitest';
import { createSiwxNonce, SIWX_NONCE_LENGTH } from './createSiwxNonce';

describe('createSiwxNonce', () => {
  it('is alphanumeric, at least 8 characters, and carries at least 96 bits', () => {
    const nonce = createSiwxNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(nonce).toHaveLength(SIWX_NONCE_LENGTH);
    expect(SIWX_NONCE_LENGTH * Math.log2(62)).toBeGreaterThanOrEqual(96);
  });

  it('never repeats and uses the whole alphabet', () => {
    const nonces = Array.from({ length: 2000 }, () => createSiwxNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(new Set(nonces.join('')).size).toBe(62);
  });

  it('comes from crypto.getRandomValues, not Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const csprng = vi.spyOn(crypto, 'getRandomValues');
    createSiwxNonce();
    expect(random).not.toHaveBeenCalled();
    expect(csprng).toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('refuses lengths EIP-4361 does not allow', () => {
    expect(() => createSiwxNonce(7)).toThrow(RangeError);
  });
});
