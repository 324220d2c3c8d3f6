/** `Intl.NumberFormat` instances by locale and options (constructing one is slow). */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      // A tag the runtime rejects: English rules rather than an error in a view.
      format = new Intl.NumberFormat('en', options);
    }
    formats.set(key, format);
  }
  return format;
}

/** English tags: ASCII digits, `.` and `-`, as a decimal string already is. */
const ENGLISH = /^en(-|$)/i;

/** Intl's most fraction digits. */
const MAX_FRACTION_DIGITS = 100;

/**
 * A decimal string (`"-1.500"`, already rounded as the caller wants) in the locale's digits,
 * decimal separator and minus sign, with exactly `places` decimals and no grouping, so no
 * rounding happens here and English reads as before. Intl formats the string exactly (no
 * float); with more than Intl's 100 decimals, the string itself.
 */
export function formatDecimal(decimal: string, locale: string, places: number): string {
  if (places > MAX_FRACTION_DIGITS || !/^-?\d+(\.\d+)?$/.test(decimal)) return decimal;
  // English writes the decimal string as it is: no Intl (its first use in a page costs a
  // frame, and the Account view's balance is on the first open's path).
  const given = decimal.split('.')[1]?.length ?? 0;
  if (ENGLISH.test(locale) && given <= places) return places === 0 ? decimal : `${decimal}${given ? '' : '.'}${'0'.repeat(places - given)}`;
  return numberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places, useGrouping: false }).format(decimal as Intl.StringNumericLiteral);
}

/** A number fixed to `places` decimals (the spec's amounts: 3) in the locale's digits, no grouping. */
export function formatFixed(value: number, locale: string, places: number): string {
  return numberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places, useGrouping: false }).format(value);
}

/** A value in US dollars with 2 decimals (the spec's token values), in the locale's way: "$12.50", "12,50 $US". */
export function formatUsd(value: number, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(value);
}

/** A date (and time, unless `dateOnly`) in the locale's words: "Nov 23, 2026, 5:04 PM", "23 nov. 2026, 17:04". */
export function formatDate(date: Date | number, locale: string, dateOnly = false): string {
  const options: Intl.DateTimeFormatOptions = dateOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}
