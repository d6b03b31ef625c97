import { describe, expect, it } from 'vitest';
import { LOGIN_ERROR_MAX_LENGTH, loginError } from './login-error.ts';

describe('loginError', () => {
  it.each([
    { param: null, shown: null },
    { param: undefined, shown: null },
    { param: '', shown: null },
    { param: ' \n\t ', shown: null },
    { param: '你已取消授权，未登录', shown: '你已取消授权，未登录' },
    { param: '  抖音登录失败，\r\n请重新登录\u0000 ', shown: '抖音登录失败， 请重新登录' },
    // Text, not markup: left as it is for React to escape.
    { param: '<img src=x onerror=alert(1)>', shown: '<img src=x onerror=alert(1)>' },
  ])('$param → $shown', ({ param, shown }) => {
    expect(loginError(param)).toBe(shown);
  });

  it(`keeps at most ${LOGIN_ERROR_MAX_LENGTH} characters, never half of one`, () => {
    expect(loginError('登'.repeat(150))).toBe('登'.repeat(LOGIN_ERROR_MAX_LENGTH));
    const shown = loginError(`${'a'.repeat(99)}😀😀`);
    expect(shown).toBe(`${'a'.repeat(99)}😀`);
    expect(Array.from(shown ?? '')).toHaveLength(LOGIN_ERROR_MAX_LENGTH);
  });
});
