import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, type CommentCursor } from './comment-cursor.ts';

const id = fc.stringMatching(/^[0-9]{1,19}$/);
const hot = fc.record({
  sort: fc.constant('hot' as const),
  at: fc.nat(),
  key: fc.double({ noNaN: true, noDefaultInfinity: true }),
  id,
});
const time = fc.record({ sort: fc.constant('time' as const), createdAt: fc.nat(), id });

describe('comment cursors', () => {
  it('come back exactly as they were made, float keys included', () => {
    fc.assert(
      fc.property(fc.oneof(hot, time), (cursor: CommentCursor) => {
        const back = decodeCursor(encodeCursor(cursor), cursor.sort);
        expect(back).toEqual(cursor.sort === 'hot' ? { ...cursor, key: cursor.key + 0 } : cursor);
      }),
    );
  });

  it('read the first page from nothing or 0', () => {
    expect(decodeCursor(undefined, 'hot')).toBeUndefined();
    expect(decodeCursor('0', 'time')).toBeUndefined();
  });

  it('refuse garbage and a cursor of the other order with a 400 naming offset', () => {
    const timeCursor = encodeCursor({ sort: 'time', createdAt: 5, id: '12' });
    const forged = Buffer.from(JSON.stringify({ s: 'h', t: 1, k: 2, i: '1 or 1=1' })).toString(
      'base64url',
    );
    for (const bad of ['abc', timeCursor, forged, Buffer.from('[]').toString('base64url')]) {
      expect(() => decodeCursor(bad, 'hot')).toThrow(
        expect.objectContaining({ kind: 'invalid', details: { field: 'offset' } }),
      );
    }
  });
});
