import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CaptchaChallenge } from '@melon/shared/contracts/passport';
import { getIsLogout } from '@melon/shared/calls/user-center.calls';
import { getCaptchaChallenge } from '@melon/shared/calls/captcha.calls';
import { logout } from '@melon/shared/calls/passport.calls';
import { injectCall } from '../../testing/inject-call.ts';
import { freshIp, solveCaptcha } from '../../testing/passport.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { CAPTCHA_BASE_WORK } from '../passport/sign-in-guard.ts';
import { CAPTCHA_TTL_MS } from './captcha.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Any request carrying a solution redeems it; this one needs nothing else. */
const withSolution = (solution: string) =>
  t.app.inject({
    url: getIsLogout.path,
    headers: { 'x-captcha-solution': solution },
    remoteAddress: freshIp(),
  });

describe('GET /passport/web/captcha/challenge/', () => {
  it('answers an ALTCHA challenge that expires in 10 minutes, never cached', async () => {
    const response = await injectCall(t.app, getCaptchaChallenge);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json<{ data: CaptchaChallenge }>().data;
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: CAPTCHA_BASE_WORK });
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(/expires=(\d+)/.exec(challenge.salt)?.[1]) * 1000;
    expect(expires - Date.now()).toBeGreaterThan(CAPTCHA_TTL_MS - 5000);
    expect(expires - Date.now()).toBeLessThanOrEqual(CAPTCHA_TTL_MS);
  });

  it('answers 429 with the wait past 30 challenges a minute from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i += 1) {
      const ok = await t.app.inject({ url: getCaptchaChallenge.path, remoteAddress: ip });
      expect(ok.statusCode).toBe(200);
    }
    const response = await t.app.inject({
      url: getCaptchaChallenge.path,
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['x-captcha-required']).toBeUndefined();
    const body = response.json<{ message: string; data: { retry_after: number } }>();
    expect(body.message).toMatch(/^获取验证过于频繁，请 \d+ 秒后再试$/);
    expect(body.data.retry_after).toBeGreaterThan(0);
  });
});

describe('redeeming a solution', () => {
  it(
    'accepts a solution once and keeps it until the challenge expires',
    { timeout: 30_000 },
    async () => {
      const solution = await solveCaptcha(t);
      expect((await withSolution(solution)).statusCode).toBe(200);
      const rows = await t.db.selectFrom('captcha_solutions').selectAll().execute();
      expect(rows.some((row) => row.expires_at > Date.now())).toBe(true);

      const replay = await withSolution(solution);
      expect(replay.statusCode).toBe(403);
      expect(replay.headers['x-captcha-required']).toBe('1');
      expect(replay.json()).toEqual({
        code: 403,
        message: '安全验证无效或已过期，请重新验证',
        data: null,
      });
    },
  );

  it('refuses a wrong answer, a changed challenge and garbage', { timeout: 30_000 }, async () => {
    const solution = await solveCaptcha(t);
    const payload = JSON.parse(Buffer.from(solution, 'base64').toString()) as {
      number: number;
      salt: string;
    };
    const tampered = [
      { ...payload, number: payload.number + 1 },
      { ...payload, salt: payload.salt.replace(/expires=\d+/, 'expires=9999999999') },
      { ...payload, algorithm: 'SHA-1' },
    ];
    for (const bad of tampered) {
      const response = await withSolution(Buffer.from(JSON.stringify(bad)).toString('base64'));
      expect(response.statusCode).toBe(403);
    }
    for (const garbage of [
      '',
      'not base64 !',
      Buffer.from('[1]').toString('base64'),
      'x'.repeat(5000),
    ]) {
      expect((await withSolution(garbage)).statusCode).toBe(403);
    }
    // None of them spent the real one.
    expect((await withSolution(solution)).statusCode).toBe(200);
  });

  it('refuses a solution whose challenge has expired', { timeout: 30_000 }, async () => {
    const solution = await solveCaptcha(t);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + CAPTCHA_TTL_MS + 1000);
    const response = await withSolution(solution);
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-captcha-required']).toBe('1');
  });

  it('is not spent by a request the anti-forgery check refuses', { timeout: 30_000 }, async () => {
    const solution = await solveCaptcha(t);
    const forged = await t.app.inject({
      method: 'POST',
      url: logout.path,
      headers: { cookie: t.visitor().cookie, 'x-captcha-solution': solution },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 1, errno: 1 });
    expect((await withSolution(solution)).statusCode).toBe(200);
  });
});
