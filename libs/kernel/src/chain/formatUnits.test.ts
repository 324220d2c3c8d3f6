import fc from 'fast-check';
import { formatUnits as viemFormatUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { formatUnits } from './formatUnits';

describe('formatUnits', () => {
  it('writes whole units without trailing zeros', () => {
    expect(formatUnits(0n, 18)).toBe('0');
    expect(formatUnits(1500n, 3)).toBe('1.5');
    expect(formatUnits(1n, 8)).toBe('0.00000001');
    expect(formatUnits(100000000n, 8)).toBe('1');
    expect(formatUnits(-25n, 1)).toBe('-2.5');
    expect(formatUnits(42n, 0)).toBe('42');
  });

  it('refuses a fractional or negative number of decimals', () => {
    expect(() => formatUnits(1n, -1)).toThrow(/decimals must be a whole number/);
    expect(() => formatUnits(1n, 1.5)).toThrow(/decimals must be a whole number/);
  });

  it("agrees with viem's formatUnits on generated amounts", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 36 }), (value, decimals) => {
        expect(formatUnits(value, decimals)).toBe(viemFormatUnits(value, decimals));
      }),
    );
  });
});
