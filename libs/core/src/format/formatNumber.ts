/**
 * Intl formatters by kind, locale and options: constructing one is slow (a list of 1,000 dates that
 * made one each spent tens of ms on it). A tag the runtime rejects gets English rules rather than
 * an error in a view.
 */
const formatters = new Map<string, unknown>();

function intl<F>(Make: new (locale: string, options: never) => F, kind: string, locale: string, options: object): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as F | undefined;
  if (!format) {
    try {
      format = new Make(locale, options as never);
    } catch {
      format = new Make('en', options as never);
    }
    formatters.set(key, format);
  }
  return format;
}

const numberFormat = (locale: string, options: Intl.NumberFormatOptions) => intl(Intl.NumberFormat, 'n', locale, options);
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) => intl(Intl.DateTimeFormat, 'd', locale, options);

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

/**
 * A token quantity (a decimal string: EIP-7811's `numeric`, an indexer's amount) floored to
 * `places` decimals in the locale's digits — the rule `formatBalance` follows for the native
 * balance, so the Account view's header and its Tokens row never differ in the last digit
 * (9999.9938 ETH is "9999.993" in both). An exponent form is read first; anything else is shown
 * as given.
 */
export function formatQuantity(numeric: string, locale: string, places = 3): string {
  let plain = numeric.trim();
  if (/^-?\d+(\.\d+)?[eE][-+]?\d+$/.test(plain)) plain = Number(plain).toFixed(Math.min(MAX_FRACTION_DIGITS, places + 20));
  const match = /^(-?\d+)(?:\.(\d+))?$/.exec(plain);
  if (!match) return numeric;
  const fraction = (match[2] ?? '').slice(0, places).padEnd(places, '0');
  return formatDecimal(places > 0 ? `${match[1]}.${fraction}` : match[1]!, locale, places);
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
  return dateFormat(locale, dateOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A time of day in the locale's words: "5:04 PM", "17:04". */
export function formatTime(date: Date | number, locale: string): string {
  return dateFormat(locale, { timeStyle: 'short' }).format(date);
}
