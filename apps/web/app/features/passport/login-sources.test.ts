import { describe, expect, it } from 'vitest';
import { LOGIN_TITLES, loginTitle, type LoginSource } from './login-sources.ts';

/** The triggers of SPEC §2 with a prompt of their own. */
const OWN_PROMPTS: LoginSource[] = [
  'follow',
  'comment',
  'danmaku',
  'like',
  'recommend',
  'favorite',
  'report',
  'attention',
  'history',
  'history_delete',
  'publish',
  'message',
  'user_center',
  'vote',
  'couplet',
  'danmaku_reply',
  'danmaku_shield',
];

describe('login titles (SPEC §2)', () => {
  it('default and login read 登录; follow reads 登录后即可关注TA', () => {
    expect(loginTitle('default')).toBe('登录');
    expect(loginTitle('login')).toBe('登录');
    expect(loginTitle('follow')).toBe('登录后即可关注TA');
  });

  it('every other trigger has its own prompt', () => {
    const titles = OWN_PROMPTS.map(loginTitle);
    expect(new Set(titles).size).toBe(OWN_PROMPTS.length);
    for (const title of titles) expect(title).toMatch(/^登录后即可.+/);
  });

  it('names no source without a title', () => {
    for (const title of Object.values(LOGIN_TITLES)) expect(title.length).toBeGreaterThan(1);
  });
});
