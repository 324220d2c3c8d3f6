/**
 * An amount typed by the user ("1.5", "1,5", ".5") in a token's smallest unit: 1500000n for 6
 * decimals; undefined when it is not a positive amount with at most `decimals` places.
 */
export function parseAmount(input: string, decimals: number): bigint | undefined {
  const value = input.trim().replace(',', '.');
  const match = /^(\d{1,30})(?:\.(\d+))?$/.exec(value) ?? /^()\.(\d+)$/.exec(value);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > decimals) return undefined;
  const amount = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
  return amount > 0n ? amount : undefined;
}
