import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';
import { createIpSlots } from './ip-slots.ts';

describe('createIpSlots', () => {
  it('gives each address up to the maximum, and a place back once released', () => {
    const slots = createIpSlots(2);
    const first = slots.take('198.51.100.1');
    expect(first).toBeDefined();
    expect(slots.take('198.51.100.1')).toBeDefined();
    expect(slots.take('198.51.100.1')).toBeUndefined();
    expect(slots.take('198.51.100.2')).toBeDefined();
    first?.();
    first?.(); // a second release gives nothing more back
    expect(slots.take('198.51.100.1')).toBeDefined();
    expect(slots.take('198.51.100.1')).toBeUndefined();
  });

  it('counts an IPv6 /64 as one client, and a mapped IPv4 address as itself', () => {
    const slots = createIpSlots(1);
    expect(slots.take('2001:db8:1:2::1')).toBeDefined();
    expect(slots.take('2001:db8:1:2:ffff:eeee:dddd:cccc')).toBeUndefined();
    expect(slots.take('2001:db8:1:3::1')).toBeDefined();
    expect(slots.take('203.0.113.9')).toBeDefined();
    expect(slots.take('::ffff:203.0.113.9')).toBeUndefined();
  });
});

describe('clientAddressKey', () => {
  it.each([
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::FFFF:192.0.2.1', '192.0.2.1'],
    ['192.0.2.1', '192.0.2.1'],
  ])('%s → %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});
