import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from './trusted-proxies.ts';

describe('parseTrustedProxies', () => {
  it('takes addresses, CIDR ranges and range names', () => {
    expect(parseTrustedProxies(' 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32,::1, loopback')).toEqual({
      proxies: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1', 'loopback'],
    });
  });

  it.each([
    ['', 'lists no proxy'],
    [' , ', 'lists no proxy'],
    ['10.0.0.0/33', '10.0.0.0/33'],
    ['2001:db8::/129', '2001:db8::/129'],
    ['proxy.internal', 'proxy.internal'],
    ['10.0.0.0/8/1', '10.0.0.0/8/1'],
    ['10.0.0.1/x', '10.0.0.1/x'],
    ['*', '*'],
  ])('refuses %j, naming it', (raw, named) => {
    const result = parseTrustedProxies(raw);
    expect('error' in result && result.error).toContain(named);
  });
});
