import { describe, expect, it } from 'vitest';
import { channelPath, isSitePath, loginPath, searchPath } from './paths.ts';

describe('channelPath', () => {
  it.each([
    { channel: { channelId: '1', pinyin: 'tuijian', url: null }, path: '/' },
    { channel: { channelId: '2', pinyin: 'yingshi', url: null }, path: '/channel/yingshi' },
    { channel: { channelId: '200', pinyin: 'huiyuan', url: '/vip-center' }, path: '/vip-center' },
  ])('$channel.pinyin → $path', ({ channel, path }) => {
    expect(channelPath(channel)).toBe(path);
  });
});

describe('isSitePath', () => {
  it.each([
    { url: '/vip-center', site: true },
    { url: '//evil.example/x', site: false },
    { url: 'https://example.com/', site: false },
    { url: 'vip', site: false },
  ])('$url → $site', ({ url, site }) => {
    expect(isSitePath(url)).toBe(site);
  });
});

describe('searchPath and loginPath', () => {
  it('encodes the keyword as one path segment', () => {
    expect(searchPath('猫 和/狗')).toBe('/search/%E7%8C%AB%20%E5%92%8C%2F%E7%8B%97');
  });

  it('passes the current address as the service parameter', () => {
    expect(loginPath('http://melon.test/channel/youxi?a=1')).toBe(
      '/passport/login?service=http%3A%2F%2Fmelon.test%2Fchannel%2Fyouxi%3Fa%3D1',
    );
  });
});
