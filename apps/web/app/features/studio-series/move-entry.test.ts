import { describe, expect, it } from 'vitest';
import { moveEntry } from './move-entry.ts';

describe('moveEntry', () => {
  it('moves an entry up, down and to either end, leaving the list it was given alone', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveEntry(list, 2, 1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveEntry(list, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveEntry(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps the entry in the list past either end, and ignores an unknown one', () => {
    expect(moveEntry(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveEntry(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
    expect(moveEntry(['a', 'b'], 4, 0)).toEqual(['a', 'b']);
  });
});
