import { describe, expect, it } from 'vitest';
import { parsePositionCursor, positionCursor, readPage } from './newest-first.ts';

describe('position cursors', () => {
  it('name a time and an id with the list’s separator, and parse back', () => {
    const position = { time: 1_764_000_000_123, id: '7364000000000000001' };
    for (const separator of [':', '-', '_']) {
      const cursor = positionCursor(position, separator);
      expect(cursor).toBe(`1764000000123${separator}7364000000000000001`);
      expect(parsePositionCursor(cursor, separator)).toEqual(position);
    }
  });
});

describe('readPage', () => {
  const cursorOf = (row: number) => `after-${row}`;

  it('answers the page and the cursor of its last row when one row more was read', () => {
    expect(readPage([5, 4, 3], 2, cursorOf)).toEqual({
      rows: [5, 4],
      hasMore: true,
      cursor: 'after-4',
    });
  });

  it('answers no cursor on the last page', () => {
    expect(readPage([5, 4], 2, cursorOf)).toEqual({
      rows: [5, 4],
      hasMore: false,
      cursor: undefined,
    });
    expect(readPage([], 2, cursorOf)).toEqual({ rows: [], hasMore: false, cursor: undefined });
  });
});
