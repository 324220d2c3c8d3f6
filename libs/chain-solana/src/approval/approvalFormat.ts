import { formatAmount, safeText, truncateAddress, type ApprovalDetail } from '@portico/core';

/** Text from the chain (a symbol, a program's log), made safe to show: control and bidi characters removed, capped. */
export const cleanText = (text: string, max = 32) => safeText(text, max);

/** An amount for a sentence: exact when short, else compact (scientific past a trillion); base units when the decimals are unknown. */
export function amountText(value: bigint, decimals: number | undefined, locale: string): string {
  if (decimals === undefined) return value.toString();
  const exact = formatAmount(value, decimals, locale);
  if (exact.length <= 18) return exact;
  const whole = Number(value / 10n ** BigInt(decimals));
  return new Intl.NumberFormat(locale, { notation: whole >= 1e15 ? 'scientific' : 'compact', maximumFractionDigits: 2 }).format(whole);
}

/** An address detail: shortened, the whole of it on demand. */
export const addressDetail = (label: ApprovalDetail['label'], address: string): ApprovalDetail => ({ label, value: truncateAddress(address), full: address, ltr: true });

/** An amount detail: exact with its symbol, or in base units when the decimals are unknown. */
export const amountDetail = (value: bigint, decimals: number | undefined, symbol: string, locale: string): ApprovalDetail =>
  decimals === undefined ? { label: 'approve.field.amountBaseUnits', value: value.toString(), ltr: true } : { label: 'approve.field.amount', value: `${formatAmount(value, decimals, locale)} ${symbol}`, ltr: true };
