import { describe, expect, it } from 'vitest';
import { embedOptionsOf } from './embed-options.ts';

const of = (query: string) => embedOptionsOf(new URLSearchParams(query));

describe('embedOptionsOf', () => {
  it('defaults to paused, from the start, with danmaku', () => {
    expect(of('')).toEqual({ autoplay: false, start: null, danmaku: true });
  });

  it('reads autoplay=1, t in seconds and danmaku=0', () => {
    expect(of('autoplay=1&t=12.5&danmaku=0')).toEqual({
      autoplay: true,
      start: 12.5,
      danmaku: false,
    });
  });

  it('keeps the default for values it does not understand', () => {
    for (const query of ['autoplay=true&t=-3&danmaku=no', 't=1e3', 't=abc', 't=0', 't=']) {
      expect(of(query), query).toEqual({ autoplay: false, start: null, danmaku: true });
    }
  });
});
