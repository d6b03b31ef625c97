import { describe, it, expect } from 'vitest';
import { isGid, isMixId, isUserId } from './id-rules.ts';

describe.each([
  ['isMixId', isMixId],
  ['isGid', isGid],
])('%s', (_name, check) => {
  it.each([
    ['1'.repeat(16), true],
    ['1234567890123456', true],
    ['7'.repeat(26), true],
    ['7234567890123456789', true],
    ['1'.repeat(15), false],
    ['1'.repeat(27), false],
    ['0234567890123456789', false],
    ['123456789012345a', false],
    ['-1234567890123456', false],
    ['1234567890123456 ', false],
    ['1234567890123456\n', false],
    ['１２３４５６７８９０１２３４５６', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(check(value)).toBe(expected);
  });
});

describe('isUserId', () => {
  it.each([
    ['1', true],
    ['42', true],
    ['7234567890123456789', true],
    ['9'.repeat(26), true],
    ['9'.repeat(27), false],
    ['0', false],
    ['042', false],
    ['12a', false],
    ['-42', false],
    ['4.2', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isUserId(value)).toBe(expected);
  });
});
