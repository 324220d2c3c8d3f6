import { isIP, isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail is the last two). */
function groupsOf(address: string): number[] {
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = dotted ? `${dotted[1]}${((Number(dotted[2]) << 8) | Number(dotted[3])).toString(16)}:${((Number(dotted[4]) << 8) | Number(dotted[5])).toString(16)}` : address;
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((group) => parseInt(group, 16)) : []);
  const left = part(head);
  const right = part(tail ?? '');
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a client is counted by under the per-client limits (mails, passcodes, nonces): an IPv4 address as it is,
 * an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as that IPv4 address, any other IPv6 address
 * by its /64 (`2001:db8:1:2::/64`), since one subscriber usually holds a whole /64 and could
 * otherwise take a fresh limit from each of 2^64 addresses; anything else is `unknown`.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  if (isIPv4(address)) return address;
  // A link-local peer may carry a zone (fe80::1%eth0); the zone names our interface, not the client.
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return 'unknown';
  const groups = groupsOf(bare.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
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
