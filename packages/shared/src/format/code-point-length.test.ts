import { describe, expect, it } from 'vitest';
import { codePointLength } from './code-point-length.ts';

describe('codePointLength', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('甜瓜')).toBe(2);
    expect(codePointLength('🍉🍉')).toBe(2);
    expect('🍉🍉'.length).toBe(4);
  });
});
