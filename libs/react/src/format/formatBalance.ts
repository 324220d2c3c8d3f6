/**
 * A balance in the smallest unit, floored (never rounded up) to `places` decimals, as
 * the spec's balance display wants: 1.23456 → "1.234", 0.0009 → "0.000".
 */
export function formatBalance(value: bigint, decimals: number, places = 3): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const scaled = places >= decimals ? (abs % unit) * 10n ** BigInt(places - decimals) : (abs % unit) / 10n ** BigInt(decimals - places);
  const fraction = places > 0 ? `.${scaled.toString().padStart(places, '0')}` : '';
  return `${negative ? '-' : ''}${whole.toString()}${fraction}`;
}
