import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey } from './clientAddress';

describe('clientKey', () => {
  it('counts IPv4 as it is, IPv4-mapped IPv6 as its IPv4, IPv6 by its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:0db8:0001:0002::/64');
    // Every address of one /64 is one client.
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(clientKey('::1')).toBe('0000:0000:0000:0000::/64');
  });

  it('anything that is not an address is "unknown"', () => {
    for (const bad of [undefined, '', 'localhost', '1.2.3', '2001:db8::1::2', '<script>']) expect(clientKey(bad)).toBe('unknown');
  });
});

describe('clientAddress', () => {
  const proxies = new Set(['10.0.0.1', '10.0.0.2']);
  it('is the peer unless the peer is a trusted proxy', () => {
    expect(clientAddress('198.51.100.4', '203.0.113.9', proxies)).toBe('198.51.100.4');
    expect(clientAddress('10.0.0.1', '203.0.113.9', proxies)).toBe('203.0.113.9');
  });

  it('takes the right-most hop that is not a trusted proxy: what the client wrote on the left is ignored', () => {
    expect(clientAddress('10.0.0.1', '1.1.1.1, 203.0.113.9, 10.0.0.2', proxies)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:10.0.0.1', '203.0.113.9', proxies)).toBe('203.0.113.9');
    // A forged hop that is not an address: the last good one.
    expect(clientAddress('10.0.0.1', 'evil, 10.0.0.2', proxies)).toBe('10.0.0.2');
  });
});
