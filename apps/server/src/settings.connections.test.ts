import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './settings.ts';

describe('connection settings', () => {
  it('trust the local machine and cap connections per address by default', () => {
    expect(loadSettings({})).toMatchObject({
      trustedProxies: ['loopback'],
      maxSocketsPerIp: 64,
      maxStreamsPerIp: 16,
    });
  });

  it('read the trusted proxies and the caps', () => {
    const settings = loadSettings({
      MELON_TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32, loopback',
      MELON_MAX_SOCKETS_PER_IP: '500',
      MELON_MAX_STREAMS_PER_IP: '4',
    });
    expect(settings).toMatchObject({
      trustedProxies: ['10.0.0.0/8', '2001:db8::/32', 'loopback'],
      maxSocketsPerIp: 500,
      maxStreamsPerIp: 4,
    });
  });

  it.each([
    ['MELON_TRUSTED_PROXIES', '*', /MELON_TRUSTED_PROXIES has "\*"/],
    ['MELON_TRUSTED_PROXIES', ' , ', /MELON_TRUSTED_PROXIES lists no proxy/],
    ['MELON_MAX_SOCKETS_PER_IP', '0', /MELON_MAX_SOCKETS_PER_IP must be a whole number/],
    ['MELON_MAX_STREAMS_PER_IP', 'many', /MELON_MAX_STREAMS_PER_IP must be a whole number/],
  ])('refuses %s=%j in one line naming it', (name, value, message) => {
    expect(() => loadSettings({ [name]: value })).toThrow(SettingsError);
    expect(() => loadSettings({ [name]: value })).toThrow(message);
  });
});
