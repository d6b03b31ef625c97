import { describe, expect, it } from 'vitest';
import { parseRange } from './stored-file-reply.ts';

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=10-', { start: 10, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
  ])('reads %s of 1000 bytes', (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });

  it.each([undefined, '', 'bytes=-', 'bytes=5-1', 'bytes=0-1,5-6', 'items=0-1', 'bytes=a-b'])(
    'sends the whole object for %o',
    (header) => {
      expect(parseRange(header, 1000)).toBeUndefined();
    },
  );

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=-0'])('refuses %s of 1000 bytes', (header) => {
    expect(parseRange(header, 1000)).toBe('unsatisfiable');
  });
});
