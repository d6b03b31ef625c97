import { describe, expect, it } from 'vitest';
import { decodeVideoUrl, encodeVideoUrl, significantFps } from './video-url.ts';

describe('decodeVideoUrl', () => {
  it.each([
    ['L21lZGlhL3YvMS9tYW5pZmVzdC5tcGQ=', '/media/v/1/manifest.mpd'],
    ['aHR0cHM6Ly9jZG4uZXhhbXBsZS5jb20vYS9iLm00cw==', '//cdn.example.com/a/b.m4s'],
    ['aHR0cDovL2Nkbi5leGFtcGxlLmNvbS9hLm0zdTg=', '//cdn.example.com/a.m3u8'],
    ['SFRUUFM6Ly9jZG4uZXhhbXBsZS5jb20veA==', '//cdn.example.com/x'],
    ['Ly9jZG4uZXhhbXBsZS5jb20veA==', '//cdn.example.com/x'],
    ['L23op4bpopEvYS5tcGQ=', '/m视频/a.mpd'],
    ['  L21lZGlhL3YvMS9tYW5pZmVzdC5tcGQ=\n', '/media/v/1/manifest.mpd'],
  ])('%s → %s', (encoded, url) => {
    expect(decodeVideoUrl(encoded)).toBe(url);
  });

  it.each([
    ['', 'empty'],
    ['not base64!', 'outside the alphabet'],
    ['bWVkaWEvYS5tcGQ=', 'a relative path (media/a.mpd)'],
    ['L21lZGlhL3Y', 'unpadded length'],
    ['/media/v/1/manifest.mpd', 'a plain URL'],
    ['ZnRwOi8vaG9zdC9h', 'another scheme (ftp://host/a)'],
    ['amF2YXNjcmlwdDphbGVydCgxKQ==', 'javascript:alert(1)'],
    ['//79', 'invalid UTF-8'],
  ])('rejects %j (%s)', (encoded) => {
    expect(decodeVideoUrl(encoded)).toBeNull();
  });

  it('round-trips what encodeVideoUrl writes', () => {
    for (const url of [
      '/media/s/1790000000/abc_-/v/7301234567890123456/p1/manifest.mpd',
      '/media-backup/s/1/x/v/1/p/media_0.m3u8',
      '/路径/含中文.mp4',
    ]) {
      expect(decodeVideoUrl(encodeVideoUrl(url))).toBe(url);
    }
    expect(decodeVideoUrl(encodeVideoUrl('https://cdn.example.com/a.mpd'))).toBe(
      '//cdn.example.com/a.mpd',
    );
  });
});

describe('significantFps', () => {
  it.each([
    [24, 0],
    [29.97, 0],
    [30, 0],
    [49.99, 0],
    [50, 50],
    [59.94, 60],
    [60, 60],
    [120, 120],
    [0, 0],
    [Number.NaN, 0],
  ])('%d fps → %d', (fps, shown) => {
    expect(significantFps(fps)).toBe(shown);
  });
});
