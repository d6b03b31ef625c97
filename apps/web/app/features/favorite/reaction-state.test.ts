import { describe, expect, it } from 'vitest';
import { toggled } from './reaction-state.ts';

describe('toggled', () => {
  it('adds the viewer on a like and takes them off on the cancel', () => {
    expect(toggled({ active: false, count: 9999 })).toEqual({ active: true, count: 10_000 });
    expect(toggled({ active: true, count: 10_000 })).toEqual({ active: false, count: 9999 });
  });

  it('never shows fewer than none', () => {
    expect(toggled({ active: true, count: 0 })).toEqual({ active: false, count: 0 });
  });
});
