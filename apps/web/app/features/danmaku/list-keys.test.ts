import { describe, expect, it } from 'vitest';
import { rowAfterKey } from './list-keys.ts';

describe('rowAfterKey', () => {
  it('moves one row with the arrows, a page with the page keys, to the ends with Home and End', () => {
    expect(rowAfterKey('ArrowDown', 5, 100, 10)).toBe(6);
    expect(rowAfterKey('ArrowUp', 5, 100, 10)).toBe(4);
    expect(rowAfterKey('PageDown', 5, 100, 10)).toBe(15);
    expect(rowAfterKey('PageUp', 15, 100, 10)).toBe(5);
    expect(rowAfterKey('Home', 50, 100, 10)).toBe(0);
    expect(rowAfterKey('End', 50, 100, 10)).toBe(99);
  });

  it('stops at the first and last rows', () => {
    expect(rowAfterKey('ArrowUp', 0, 100, 10)).toBe(0);
    expect(rowAfterKey('ArrowDown', 99, 100, 10)).toBe(99);
    expect(rowAfterKey('PageDown', 95, 100, 10)).toBe(99);
    expect(rowAfterKey('PageUp', 3, 100, 10)).toBe(0);
  });

  it('moves a row at least when the view holds less than one', () => {
    expect(rowAfterKey('PageDown', 5, 100, 0)).toBe(6);
  });

  it('ignores other keys and empty lists', () => {
    expect(rowAfterKey('Enter', 5, 100, 10)).toBeNull();
    expect(rowAfterKey('ArrowDown', 0, 0, 10)).toBeNull();
  });
});
