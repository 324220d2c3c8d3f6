/**
 * The spec's address truncation: 4 leading and 6 trailing characters (`0x12…abcdef`).
 * Accepts a CAIP-10 address and shows only its account part.
 */
export function truncateAddress(address: string): string {
  const account = address.split(':').pop() ?? address;
  return account.length <= 13 ? account : `${account.slice(0, 4)}…${account.slice(-6)}`;
}
