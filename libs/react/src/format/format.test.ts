import { describe, expect, it } from 'vitest';
import { formatBalance } from './formatBalance';
import { truncateAddress } from './truncateAddress';

describe('truncateAddress', () => {
  it('keeps 4 leading and 6 trailing characters of the account part', () => {
    expect(truncateAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toBe('0xab…5Bfcdb');
    expect(truncateAddress('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toBe('0xab…5Bfcdb');
  });

  it('leaves short addresses whole', () => {
    expect(truncateAddress('acme:1:short')).toBe('short');
  });
});

describe('formatBalance', () => {
  it.each([
    [1_234_567_890_000_000_000n, 18, '1.234'],
    [1_999_999_999_999_999_999n, 18, '1.999'],
    [900_000_000_000_000n, 18, '0.000'],
    [0n, 18, '0.000'],
    [123_456n, 6, '0.123'],
    [5n, 0, '5.000'],
    [-1_500_000n, 6, '-1.500'],
  ])('floors %s with %i decimals to %s', (value, decimals, expected) => {
    expect(formatBalance(value, decimals)).toBe(expected);
  });

  it('supports 2 places (token values)', () => {
    expect(formatBalance(1_239n, 3, 2)).toBe('1.23');
  });
});
