import { describe, expect, it } from 'vitest';
import { approximatePlace, describeUserAgent } from './requester-device.ts';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
      { browser: 'Chrome 120', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.61',
      { browser: 'Edge 120', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      { browser: 'Safari 17', os: 'macOS' },
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
      { browser: 'Firefox 121', os: 'Linux' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17', os: 'iOS 17.1' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
      { browser: 'Chrome 120', os: 'Android 14' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; V2154A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 MicroMessenger/8.0.44.2502(0x28002C37) WeChat/arm64',
      { browser: '微信 8', os: 'Android 13' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
      { browser: 'Chrome 131', os: 'Linux' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
      { browser: 'Opera 106', os: 'Windows' },
    ],
    ['curl/8.4.0', { browser: '未知浏览器', os: '未知系统' }],
    ['', { browser: '未知浏览器', os: '未知系统' }],
  ])('%s', (userAgent, device) => {
    expect(describeUserAgent(userAgent)).toEqual(device);
  });

  it('never echoes more than a name and a version, whatever the header holds', () => {
    const hostile = `Chrome/1${'9'.repeat(500)} <script>alert(1)</script>\u202e`;
    const { browser } = describeUserAgent(hostile);
    expect(browser.length).toBeLessThanOrEqual(20);
    expect(browser).toMatch(/^[\w .\u4e00-\u9fff]*$/);
  });
});

describe('approximatePlace', () => {
  it.each([
    ['127.0.0.1', '本地网络'],
    ['10.1.2.3', '本地网络'],
    ['172.16.0.9', '本地网络'],
    ['172.31.255.1', '本地网络'],
    ['192.168.1.20', '本地网络'],
    ['169.254.1.1', '本地网络'],
    ['::1', '本地网络'],
    ['fd12:3456::1', '本地网络'],
    ['fe80::1', '本地网络'],
    ['::ffff:192.168.1.5', '本地网络'],
    ['203.0.113.7', '203.0.113.*'],
    ['172.32.0.1', '172.32.0.*'],
    ['::ffff:198.51.100.9', '198.51.100.*'],
    ['2001:db8:7:1:abcd::9', '2001:db8:7:1:*'],
    ['not an address', '未知位置'],
  ])('%s → %s', (ip, place) => {
    expect(approximatePlace(ip)).toBe(place);
  });

  it('asks a place lookup for public addresses, never for local ones', () => {
    const lookup = { placeOf: (ip: string) => (ip === '203.0.113.7' ? '广东 深圳' : null) };
    expect(approximatePlace('203.0.113.7', lookup)).toBe('广东 深圳');
    expect(approximatePlace('198.51.100.1', lookup)).toBe('198.51.100.*');
    expect(approximatePlace('127.0.0.1', { placeOf: () => '不该问' })).toBe('本地网络');
  });
});
