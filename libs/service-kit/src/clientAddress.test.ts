import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey } from './clientAddress';

describe('clientKey', () => {
  it('counts an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.8')).not.toBe(clientKey('203.0.113.7'));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, however it is written', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as one client, and another /64 as another', () => {
    const subnet = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:0DB8:0001:0002:a:b:c:d', '2001:db8:1:2::'];
    for (const address of subnet) expect(clientKey(address)).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    // Not mapped: ::ffff:0:a.b.c.d (IPv4-translated) and ::a.b.c.d are IPv6 prefixes of their own.
    expect(clientKey('::ffff:0:203.0.113.7')).toBe('0:0:0:0::/64');
  });

  it('counts anything that is not an address as "unknown"', () => {
    for (const bad of [undefined, '', 'localhost', '1.2.3', '2001:db8::1::2', '::ffff:999.0.0.1', '<script>']) expect(clientKey(bad)).toBe('unknown');
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
