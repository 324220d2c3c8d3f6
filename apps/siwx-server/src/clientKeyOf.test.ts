import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './clientKeyOf';

describe('clientKeyOf', () => {
  it('counts an IPv4 address as it is', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('203.0.113.8')).not.toBe(clientKeyOf('203.0.113.7'));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, however it is written', () => {
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKeyOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as one client, and another /64 as another', () => {
    const subnet = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:0DB8:0001:0002:a:b:c:d', '2001:db8:1:2::'];
    for (const address of subnet) expect(clientKeyOf(address)).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    // Not mapped: ::ffff:0:a.b.c.d (IPv4-translated) and ::a.b.c.d are IPv6 prefixes of their own.
    expect(clientKeyOf('::ffff:0:203.0.113.7')).toBe('0:0:0:0::/64');
  });

  it('counts anything that is not an address as "unknown"', () => {
    for (const bad of [undefined, '', 'localhost', '1.2.3', '2001:db8::1::2', '::ffff:999.0.0.1', '<script>']) expect(clientKeyOf(bad)).toBe('unknown');
  });
});
