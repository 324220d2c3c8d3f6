import { isIP } from 'node:net';

/** Expands an IPv6 address to its eight groups (no zone). */
function groupsOf(address: string): string[] | undefined {
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const part = (s: string) => (s ? s.split(':') : []);
  let left = part(head);
  let right = tail === undefined ? [] : part(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const last = (tail === undefined ? left : right).at(-1);
  if (last?.includes('.')) {
    const bytes = last.split('.').map(Number);
    const pair = [((bytes[0]! << 8) | bytes[1]!).toString(16), ((bytes[2]! << 8) | bytes[3]!).toString(16)];
    if (tail === undefined) left = [...left.slice(0, -1), ...pair];
    else right = [...right.slice(0, -1), ...pair];
  }
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => g.padStart(4, '0'));
}

/**
 * The key a client is counted by: an IPv4 address as it is (an IPv4-mapped IPv6 address as its
 * IPv4), an IPv6 address by its /64 (one subscriber usually holds a whole /64, so counting single
 * addresses would give each 2^64 tries), anything else `unknown`.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  if (isIP(address) === 4) return address;
  if (isIP(address.split('%')[0]!) !== 6) return 'unknown';
  const groups = groupsOf(address);
  if (!groups) return 'unknown';
  if (groups.slice(0, 5).every((g) => g === '0000') && groups[5] === 'ffff') {
    const [a, b] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * The client's address: the connection's peer, or, when that peer is one of `trustedProxies`,
 * the right-most `X-Forwarded-For` entry that is not a trusted proxy (the left part of that
 * header is whatever the client wrote).
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trustedProxies: ReadonlySet<string>): string | undefined {
  const plain = (address: string | undefined) => (address?.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);
  let address = plain(peer);
  if (!address || !trustedProxies.has(address) || !forwardedFor) return address;
  const hops = forwardedFor.split(',').map((hop) => plain(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (!hop || !isIP(hop)) return address;
    address = hop;
    if (!trustedProxies.has(hop)) return hop;
  }
  return address;
}
