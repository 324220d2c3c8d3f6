import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount } from './formatAmount';
import { formatBalance } from './formatBalance';
import { formatDate, formatDecimal, formatFixed, formatQuantity, formatUsd } from './formatNumber';
import { safeText } from './safeText';
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

describe('formatting for the locale (Intl)', () => {
  it('keeps English exactly as before: floored, no grouping', () => {
    expect(formatBalance(1_999_999_999_999_999_999n, 18, 3, 'en')).toBe('1.999');
    expect(formatBalance(10_000n * 10n ** 18n, 18, 3, 'en')).toBe('10000.000');
    expect(formatBalance(-1_500_000n, 6, 3, 'en')).toBe('-1.500');
  });

  it('writes the locale’s decimal separator and digits, still floored (never rounded up)', () => {
    expect(formatBalance(1_999_999_999_999_999_999n, 18, 3, 'de')).toBe('1,999');
    expect(formatBalance(1_234_567_890_000_000_000n, 18, 3, 'fr')).toBe('1,234');
    expect(formatBalance(1_234_567_890_000_000_000n, 18, 3, 'fa')).toBe('۱٫۲۳۴');
    expect(formatBalance(10_000n * 10n ** 18n, 18, 3, 'de')).toBe('10000,000');
  });

  it('formats exact amounts without float rounding, fixed amounts, dollars and dates', () => {
    expect(formatDecimal('0.000000000000000001', 'de', 18)).toBe('0,000000000000000001');
    expect(formatDecimal('123456789012345678901234567890.5', 'en', 1)).toBe('123456789012345678901234567890.5');
    expect(formatFixed(2.5, 'es', 3)).toBe('2,500');
    expect(formatUsd(12.5, 'en')).toBe('$12.50');
    expect(formatUsd(12.5, 'fr')).toMatch(/^12,50\s\$$/);
    expect(formatDate(Date.UTC(2026, 10, 23, 12), 'de', true)).toBe('23.11.2026');
  });
});

describe('formatDecimal in English', () => {
  it('writes exactly what Intl.NumberFormat would, without calling it (generated decimals, 0–18 places)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), fc.integer({ min: 0, max: 18 }), fc.constantFrom('en', 'en-US', 'en-GB'), (units, scale, extra, locale) => {
        const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
        const decimal = `${units < 0n ? '-' : ''}${scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits}`;
        const places = Math.min(18, scale + extra);
        const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places, useGrouping: false }).format(decimal as Intl.StringNumericLiteral);
        expect(formatDecimal(decimal, locale, places)).toBe(intl);
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatAmount', () => {
  it('is exact with trailing zeros dropped, in the locale\'s digits', () => {
    expect(formatAmount(10n ** 15n, 18)).toBe('0.001');
    expect(formatAmount(1_500_000n, 6, 'fr')).toBe('1,5');
    expect(formatAmount(2n * 10n ** 18n, 18)).toBe('2');
    expect(formatAmount(1n, 18)).toBe('0.000000000000000001');
  });
});

describe('safeText', () => {
  it('drops control and bidi-override characters a symbol or node message could hide text with', () => {
    expect(safeText('US\u202eDC', 32)).toBe('US DC');
    expect(safeText('\u0000TOKEN\u0007\n', 32)).toBe('TOKEN');
    expect(safeText('line one\r\nline two', 200)).toBe('line one line two');
    expect(safeText('\u2066\u2069', 32)).toBe('');
    // Invisible ones too: zero-width space and joiner, the Arabic letter mark, the BOM, a tag character.
    expect(safeText('U\u200bS\u200dD\u061cC\ufeff\u{e0041}', 32)).toBe('U S D C');
  });

  it('caps at max characters, counting code points, and marks the cut', () => {
    expect(safeText('x'.repeat(40), 32)).toBe(`${'x'.repeat(31)}…`);
    expect(safeText('🦊'.repeat(40), 10)).toBe(`${'🦊'.repeat(9)}…`);
    expect(safeText('short', 32)).toBe('short');
  });

  it('never returns a control or bidi character, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }).map((t) => `${t}\u200b\u{e0041}`), fc.integer({ min: 2, max: 50 }), (text, max) => {
        const out = safeText(text, max);
        // Checked against a list written out here, not the function's own pattern.
        for (const char of out) {
          const code = char.codePointAt(0)!;
          const unsafe = code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x61c || (code >= 0x200b && code <= 0x200f) || (code >= 0x2028 && code <= 0x202e) || (code >= 0x2060 && code <= 0x2064) || (code >= 0x2066 && code <= 0x2069) || code === 0xfeff || (code >= 0xe0000 && code <= 0xe007f);
          expect(unsafe, `U+${code.toString(16)}`).toBe(false);
        }
        expect(Array.from(out).length).toBeLessThanOrEqual(max);
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatQuantity', () => {
  it('floors a token quantity to 3 decimals as formatBalance floors the native balance: the header and the Tokens row agree', () => {
    expect(formatQuantity('9999.9938', 'en')).toBe('9999.993');
    expect(formatQuantity('9999.9938', 'en')).toBe(formatBalance(9_999_993_800_000_000_000_000n, 18, 3, 'en'));
    expect(formatQuantity('1000000', 'en')).toBe('1000000.000');
    expect(formatQuantity('0.0009', 'de')).toBe('0,000');
    expect(formatQuantity('1.23456', 'fa')).toBe(formatBalance(123_456n, 5, 3, 'fa'));
    expect(formatQuantity('1e-7', 'en')).toBe('0.000');
    expect(formatQuantity('2.5e3', 'en')).toBe('2500.000');
    expect(formatQuantity('not a number', 'en')).toBe('not a number');
  });

  it('is formatBalance on every generated amount and number of decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 24 }), (value, decimals) => {
        const unit = 10n ** BigInt(decimals);
        const numeric = decimals === 0 ? value.toString() : `${value / unit}.${(value % unit).toString().padStart(decimals, '0')}`;
        expect(formatQuantity(numeric, 'en')).toBe(formatBalance(value, decimals, 3, 'en'));
      }),
      { numRuns: 300 },
    );
  });
});
