import { formatDecimal } from './formatNumber';

/**
 * A balance in the smallest unit, floored (never rounded up) to `places` decimals, as
 * the spec's balance display wants: 1.23456 → "1.234", 0.0009 → "0.000". With a `locale`,
 * written in its digits and decimal separator (`Intl.NumberFormat`, no grouping, still
 * floored): "1,234" in German, "۱٫۲۳۴" in Persian.
 */
export function formatBalance(value: bigint, decimals: number, places = 3, locale?: string): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const scaled = places >= decimals ? (abs % unit) * 10n ** BigInt(places - decimals) : (abs % unit) / 10n ** BigInt(decimals - places);
  const fraction = places > 0 ? `.${scaled.toString().padStart(places, '0')}` : '';
  const plain = `${negative ? '-' : ''}${whole.toString()}${fraction}`;
  return locale ? formatDecimal(plain, locale, places) : plain;
}
