import { describe, expect, it } from 'vitest';
import { oneInput, oneLoopbackInput } from './one-file-input.ts';

/*
 * A stored source read in place (decision 066): ffmpeg may open a loopback range server's URL
 * over http and tcp only, and no other URL at all.
 */

describe('oneLoopbackInput', () => {
  it('allows only http over tcp to a loopback range server, without redirects', () => {
    const args = oneLoopbackInput(new URL('http://127.0.0.1:40123/0f1e2d3c'));
    expect(args.slice(args.indexOf('-protocol_whitelist'), -2)).toEqual([
      '-protocol_whitelist',
      'http,tcp',
      '-max_redirects',
      '0',
      '-reconnect',
      '1',
      '-reconnect_delay_max',
      '0',
    ]);
    expect(args.slice(-2)).toEqual(['-i', 'http://127.0.0.1:40123/0f1e2d3c']);
    expect(args).toContain('-format_whitelist');
  });

  it('refuses any other URL', () => {
    for (const url of [
      'http://example.com:80/source',
      'https://127.0.0.1:40123/0f1e2d3c',
      'http://127.0.0.1:40123/0f1e2d3c?x=1',
      'http://127.0.0.1:40123/a/b',
      'file:///etc/passwd',
    ]) {
      expect(() => oneLoopbackInput(new URL(url)), url).toThrow(/not a loopback source/);
    }
  });

  it('keeps a path a local file', () => {
    expect(oneInput('/data/sources/1.mp4')).toContain('file:/data/sources/1.mp4');
  });
});
