import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CaptchaChallenge } from '@melon/shared/contracts/passport';
import { passwordLogin } from '@melon/shared/calls/passport.calls';
import { getCaptchaChallenge } from '@melon/shared/calls/captcha.calls';
import { createAccount } from '../account/account.service.ts';
import { freshIp, freshMobile, post, solveCaptcha } from '../../testing/passport.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { hashPassword } from './password.ts';
import {
  BACKOFF_AFTER_FAILURES,
  BACKOFF_FIRST_WAIT_MS,
  BACKOFF_MAX_WAIT_MS,
  CAPTCHA_BASE_WORK,
} from './sign-in-guard.ts';

let t: TestApp;
const password = 'melon2026';
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

interface Answer {
  code: number;
  message: string;
  data: { retry_after?: number } | null;
}

const login = (account: string, secret: string, options: { ip?: string; captcha?: string } = {}) =>
  post(
    t,
    passwordLogin.path,
    t.visitor(),
    { account, password: secret },
    {
      ip: options.ip ?? freshIp(),
      headers: options.captcha ? { 'x-captcha-solution': options.captcha } : {},
    },
  );

/** A guess as an attacker makes it: a fresh address and a freshly solved captcha every time. */
const guess = async (account: string, secret = 'wrong-1234') =>
  login(account, secret, { captcha: await solveCaptcha(t) });

async function newAccount(): Promise<{ mobile: string; userId: string }> {
  const mobile = freshMobile();
  const userId = await createAccount(t.db, t.newId, {
    mobile,
    passwordHash: await hashPassword(password),
  });
  return { mobile, userId };
}

let clock = 0;
function startClock(): void {
  clock = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
}
function advance(ms: number): void {
  clock += ms;
  vi.setSystemTime(clock);
}

describe('per-account backoff on password sign-in', () => {
  it(
    'solving captchas does not raise the guess rate beyond the backoff',
    { timeout: 120_000 },
    async () => {
      const { mobile } = await newAccount();
      startClock();
      const end = clock + 2 * 3600_000;
      const guessesAt: number[] = [];
      let refusals = 0;
      // A captcha a second; 40 attempts are more than two hours of the backoff allow.
      for (let attempt = 0; clock < end && attempt < 40; attempt += 1) {
        const response = await guess(mobile);
        const body = response.json<Answer>();
        if (response.statusCode === 429) {
          refusals += 1;
          expect(body.message).toMatch(/^密码错误次数过多，请 \d+ (秒|分钟|小时)后再试$/);
          expect(Number(response.headers['retry-after'])).toBe(body.data?.retry_after);
          advance((body.data?.retry_after ?? 1) * 1000);
        } else {
          expect(response.statusCode).toBe(400);
          expect(body.message).toBe('账号或密码错误');
          guessesAt.push(clock);
          advance(1000);
        }
      }
      // The schedule: the first failures free, then a wait after each that doubles up to an hour.
      let allowed = BACKOFF_AFTER_FAILURES;
      for (let at = 0; ; allowed += 1) {
        const n = allowed - BACKOFF_AFTER_FAILURES;
        at += Math.min(BACKOFF_FIRST_WAIT_MS * 2 ** n, BACKOFF_MAX_WAIT_MS);
        if (at >= 2 * 3600_000) break;
      }
      // Two hours at a captcha a second would have been thousands of guesses.
      expect(guessesAt.length).toBeLessThanOrEqual(allowed + 1);
      expect(clock).toBeGreaterThanOrEqual(end);
      expect(refusals).toBeGreaterThan(0);
      // The gaps between guesses grow: each wait is at least the one before.
      const gaps = guessesAt.slice(1).map((at, i) => at - (guessesAt[i] ?? at));
      const late = gaps.slice(BACKOFF_AFTER_FAILURES);
      for (let i = 1; i < late.length; i += 1) {
        expect(late[i]).toBeGreaterThanOrEqual(late[i - 1] ?? 0);
      }
      expect(late.at(-1)).toBeGreaterThanOrEqual(30 * 60_000);
    },
  );

  it('refuses even the right password while the account waits; then signs in and forgets', async () => {
    const { mobile } = await newAccount();
    startClock();
    for (let i = 0; i < BACKOFF_AFTER_FAILURES; i += 1) await guess(mobile);
    const waiting = await guess(mobile, password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({ code: 429, data: { retry_after: 30 } });

    advance(BACKOFF_FIRST_WAIT_MS);
    expect((await guess(mobile, password)).statusCode).toBe(200);
    // Forgotten: a mistake now costs no wait.
    expect((await guess(mobile)).statusCode).toBe(400);
    expect((await guess(mobile, password)).statusCode).toBe(200);
  });

  it('counts one account by every name it answers to, and an unknown account alike', async () => {
    const { mobile, userId } = await newAccount();
    const email = `backoff-${userId}@example.com`;
    await t.db
      .updateTable('user_credentials')
      .set({ email })
      .where('user_id', '=', userId)
      .execute();
    const { name } = await t.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    startClock();
    const names = [mobile, email, name];
    for (let i = 0; i < BACKOFF_AFTER_FAILURES; i += 1) {
      expect((await guess(names[i % names.length] ?? mobile)).statusCode).toBe(400);
    }
    for (const account of names) expect((await guess(account)).statusCode).toBe(429);

    const unknown = freshMobile();
    const answers = [];
    for (let i = 0; i <= BACKOFF_AFTER_FAILURES; i += 1) answers.push(await guess(unknown));
    expect(answers.map((response) => response.statusCode)).toEqual([
      ...Array<number>(BACKOFF_AFTER_FAILURES).fill(400),
      429,
    ]);
    const known = await guess(mobile);
    expect(answers.at(-1)?.json()).toEqual(known.json());
  });
});

describe('captcha difficulty', () => {
  const challengeFor = async (ip: string) =>
    (await t.app.inject({ url: getCaptchaChallenge.path, remoteAddress: ip })).json<{
      data: CaptchaChallenge;
    }>().data;

  it('rises with the failures from an address, and a lighter solution does not pass', async () => {
    const ip = freshIp();
    const works: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      works.push((await challengeFor(ip)).maxnumber);
      await login(`difficulty-${i}@example.com`, 'wrong-1234', {
        ip,
        captcha: i >= 3 ? await solveCaptcha(t, ip) : undefined,
      });
    }
    // No failures, 1, 2: the base; 3: still the base (the captcha starts); 4: twice.
    expect(works).toEqual([
      CAPTCHA_BASE_WORK,
      CAPTCHA_BASE_WORK,
      CAPTCHA_BASE_WORK,
      CAPTCHA_BASE_WORK,
      CAPTCHA_BASE_WORK * 2,
    ]);
    expect((await challengeFor(ip)).maxnumber).toBe(CAPTCHA_BASE_WORK * 4);

    // Solved elsewhere at the base difficulty: not enough for this address.
    const light = await login('difficulty-x@example.com', 'wrong-1234', {
      ip,
      captcha: await solveCaptcha(t, freshIp()),
    });
    expect(light.statusCode).toBe(403);
    expect(light.headers['x-captcha-required']).toBe('1');
    const heavy = await login('difficulty-x@example.com', 'wrong-1234', {
      ip,
      captcha: await solveCaptcha(t, ip),
    });
    expect(heavy.statusCode).toBe(400);
  });
});
