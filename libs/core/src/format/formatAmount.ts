import { formatBalance } from './formatBalance';
import { formatDecimal } from './formatNumber';

/** An exact amount in whole units, trailing zeros dropped: 10^15 wei with 18 decimals → "0.001" ("0,001" in French). */
export function formatAmount(value: bigint, decimals: number, locale?: string): string {
  const exact = formatBalance(value, decimals, decimals);
  const trimmed = exact.includes('.') ? exact.replace(/0+$/, '').replace(/\.$/, '') : exact;
  return locale ? formatDecimal(trimmed, locale, trimmed.split('.')[1]?.length ?? 0) : trimmed;
}
