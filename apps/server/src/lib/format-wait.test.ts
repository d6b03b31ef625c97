import { describe, expect, it } from 'vitest';
import { formatWait } from './format-wait.ts';

describe('formatWait', () => {
  it.each([
    [0.2, '1 秒'],
    [42, '42 秒'],
    [60, '60 秒'],
    [61, '2 分钟'],
    [3599, '60 分钟'],
    [3600, '1 小时'],
    [86_000, '24 小时'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});
