import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEmailCode, sendSmsCode } from '@melon/shared/calls/passport.calls';
import {
  freshIp,
  freshMobile,
  post,
  readOutbox,
  signInByCode,
  solveCaptcha,
} from '../../testing/passport.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import { CODE_DAILY_LIMIT } from './verification-code.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeRows = (target: string) =>
  t.db.selectFrom('verification_codes').selectAll().where('target', '=', target).execute();

interface Answer {
  code: number;
  message: string;
  data: { retry_after: number } | null;
  field?: string;
}

/** `count` SMS login codes sent to the number earlier today, two hours and more apart. */
async function codesSentToday(mobile: string, count: number): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < count; i += 1) {
    const sentAt = now - (i + 2) * 3600_000;
    await t.db
      .insertInto('verification_codes')
      .values({
        id: t.newId(),
        channel: 'sms',
        target: mobile,
        purpose: 'login',
        code_hash: 'x',
        created_at: sentAt,
        expires_at: sentAt + 300_000,
        attempts: 0,
        consumed_at: null,
      })
      .execute();
  }
}

describe('POST /passport/web/send_code/', () => {
  it('sends a 6-digit code to the outbox and stores only its hash', async () => {
    const mobile = freshMobile();
    const response = await post(t, sendSmsCode.path, t.visitor(), {
      mobile,
      type: 'login',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: 'success', data: { retry_after: 60 } });

    const entry = (await readOutbox(t, 'sms')).findLast((e) => e.to === mobile);
    expect(entry).toMatchObject({ to: mobile, purpose: 'login' });
    expect(entry?.code).toMatch(/^[0-9]{6}$/);
    expect(entry?.text).toContain(entry?.code);
    expect(Date.parse(entry?.sent_at ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const rows = await codeRows(mobile);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(entry?.code);
    expect((rows[0]?.expires_at ?? 0) - (rows[0]?.created_at ?? 0)).toBe(5 * 60_000);
  });

  it('refuses a second code within a minute with 429 and the wait, sending nothing', async () => {
    const mobile = freshMobile();
    const visitor = t.visitor();
    await post(t, sendSmsCode.path, visitor, { mobile, type: 'login' });
    const again = await post(t, sendSmsCode.path, visitor, { mobile, type: 'register' });
    expect(again.statusCode).toBe(429);
    const body = again.json<Answer>();
    expect(body.code).toBe(429);
    expect(body.data?.retry_after).toBeGreaterThan(55);
    expect(body.data?.retry_after).toBeLessThanOrEqual(60);
    expect(body.message).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    expect(again.headers['retry-after']).toBe(String(body.data?.retry_after));
    expect(await codeRows(mobile)).toHaveLength(1);
    expect((await readOutbox(t, 'sms')).filter((e) => e.to === mobile)).toHaveLength(1);
  });

  it('keeps the interval the site sets (MELON_CODE_RESEND_INTERVAL_SECONDS)', async () => {
    const site = await createTestApp({ codeResendIntervalMs: 5000 });
    try {
      const mobile = freshMobile();
      const visitor = site.visitor();
      const first = await post(site, sendSmsCode.path, visitor, {
        mobile,
        type: 'login',
      });
      expect(first.json<Answer>().data).toEqual({ retry_after: 5 });
      const again = await post(site, sendSmsCode.path, visitor, {
        mobile,
        type: 'login',
      });
      expect(again.statusCode).toBe(429);
      expect(again.json<Answer>().data?.retry_after).toBeLessThanOrEqual(5);
    } finally {
      await site.close();
    }
  });

  it('allows ten a day per number, then answers 429 with the hours to wait', async () => {
    const mobile = freshMobile();
    const now = Date.now();
    // Nine sent earlier today, each more than a minute apart.
    await codesSentToday(mobile, CODE_DAILY_LIMIT - 1);
    const tenth = await post(t, sendSmsCode.path, t.visitor(), { mobile, type: 'login' });
    expect(tenth.statusCode).toBe(200);
    await t.db
      .updateTable('verification_codes')
      .set({ created_at: now - 90_000 })
      .where('target', '=', mobile)
      .where('code_hash', '!=', 'x')
      .execute();

    const eleventh = await post(t, sendSmsCode.path, t.visitor(), {
      mobile,
      type: 'login',
    });
    expect(eleventh.statusCode).toBe(429);
    const body = eleventh.json<Answer>();
    expect(body.message).toMatch(/^今日获取验证码次数已达上限，请 \d+ 小时后再试$/);
    // The oldest of the ten, sent 10 hours ago, leaves the day in 14 hours.
    expect(body.data?.retry_after).toBeGreaterThan(13 * 3600);
    expect(body.data?.retry_after).toBeLessThanOrEqual(14 * 3600);
    expect(await codeRows(mobile)).toHaveLength(CODE_DAILY_LIMIT);
  });

  it('sends a number without an account a notice instead of a reset code, answering alike', async () => {
    const mobile = freshMobile();
    const response = await post(t, sendSmsCode.path, t.visitor(), {
      mobile,
      type: 'reset',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: 'success', data: { retry_after: 60 } });
    const entry = (await readOutbox(t, 'sms')).findLast((e) => e.to === mobile);
    expect(entry?.code ?? null).toBeNull();
    expect(entry?.text).toContain('该手机号尚未注册');
    // Counted like a code, so the limits answer alike too.
    expect(await codeRows(mobile)).toHaveLength(1);
  });

  it('sends a reset code to a registered number', async () => {
    const { mobile } = await signInByCode(t);
    await t.db.deleteFrom('verification_codes').where('target', '=', mobile).execute();
    const response = await post(t, sendSmsCode.path, t.visitor(), {
      mobile,
      type: 'reset',
    });
    expect(response.statusCode).toBe(200);
    expect((await readOutbox(t, 'sms')).findLast((e) => e.to === mobile)?.purpose).toBe('reset');
  });

  it.each([
    [{ type: 'login' }, 'mobile', '手机号不能为空'],
    [{ mobile: '12800138000', type: 'login' }, 'mobile', '请输入正确的手机号'],
    [{ mobile: '+8613800138000', type: 'login' }, 'mobile', '请输入正确的手机号'],
    [{ mobile: '13800138000', type: 'bind' }, 'type', '验证码类型不正确'],
  ])('refuses %j with 400 naming %s', async (payload, field, message) => {
    const response = await post(t, sendSmsCode.path, t.visitor(), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, field, message });
  });

  it('accepts a form body', async () => {
    const visitor = t.visitor();
    const mobile = freshMobile();
    const response = await t.app.inject({
      method: 'POST',
      url: `${sendSmsCode.path}?aid=1768`,
      headers: { ...visitor.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `mobile=${mobile}&type=login`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a request without the anti-forgery token and sends nothing', async () => {
    const mobile = freshMobile();
    const response = await t.app.inject({
      method: 'POST',
      url: sendSmsCode.path,
      headers: { cookie: t.visitor().cookie },
      payload: { mobile, type: 'login' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 1, errno: 1 });
    expect(await codeRows(mobile)).toHaveLength(0);
  });

  it(
    'asks for a captcha from an address sending in bursts, and lets a solved one through',
    { timeout: 30_000 },
    async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i += 1) {
        const ok = await post(
          t,
          sendSmsCode.path,
          t.visitor(),
          { mobile: freshMobile(), type: 'login' },
          { ip },
        );
        expect(ok.statusCode).toBe(200);
      }
      const mobile = freshMobile();
      const burst = await post(t, sendSmsCode.path, t.visitor(), { mobile, type: 'login' }, { ip });
      expect(burst.statusCode).toBe(403);
      expect(burst.headers['x-captcha-required']).toBe('1');
      expect(burst.json()).toMatchObject({ code: 403, message: '操作过于频繁，请完成安全验证' });
      expect(await codeRows(mobile)).toHaveLength(0);

      const solved = await post(
        t,
        sendSmsCode.path,
        t.visitor(),
        { mobile, type: 'login' },
        { ip, headers: { 'x-captcha-solution': await solveCaptcha(t) } },
      );
      expect(solved.statusCode).toBe(200);
      expect(await codeRows(mobile)).toHaveLength(1);
    },
  );
});

describe('POST /passport/web/email/send_code/', () => {
  it('sends a registration code to the email outbox', async () => {
    const response = await post(t, sendEmailCode.path, t.visitor(), {
      email: 'New.User@Example.com',
      type: 'register',
    });
    expect(response.statusCode).toBe(200);
    const entry = (await readOutbox(t, 'email')).findLast((e) => e.to === 'new.user@example.com');
    expect(entry).toMatchObject({ purpose: 'register', subject: '甜瓜视频注册验证码' });
    expect(entry?.code).toMatch(/^[0-9]{6}$/);
    expect(entry?.text).toContain(entry?.code);
  });

  it('keeps the one-a-minute limit per address', async () => {
    const email = 'twice@example.com';
    await post(t, sendEmailCode.path, t.visitor(), { email, type: 'register' });
    const again = await post(t, sendEmailCode.path, t.visitor(), {
      email,
      type: 'register',
    });
    expect(again.statusCode).toBe(429);
    expect(again.json<Answer>().data?.retry_after).toBeGreaterThan(0);
  });

  it('refuses codes for sign-in or reset by email, and badly formed addresses', async () => {
    const login = await post(t, sendEmailCode.path, t.visitor(), {
      email: 'a@example.com',
      type: 'login',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ field: 'type', message: '邮箱验证码目前只用于注册' });
    const bad = await post(t, sendEmailCode.path, t.visitor(), {
      email: 'not-an-email',
      type: 'register',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'email', message: '请输入正确的邮箱地址' });
  });
});

describe('a solved captcha passes the burst limit, never the budgets', () => {
  const SMS = sendSmsCode.path;
  const EMAIL = sendEmailCode.path;

  /** A send from the address carrying a captcha solved just for it. */
  const sendSolved = async (url: string, payload: Record<string, unknown>, ip = freshIp()) =>
    post(t, url, t.visitor(), payload, {
      ip,
      headers: { 'x-captcha-solution': await solveCaptcha(t) },
    });

  const smsTo = async (mobile: string) =>
    (await readOutbox(t, 'sms')).filter((entry) => entry.to === mobile);

  it('keeps one code a minute per number', async () => {
    const mobile = freshMobile();
    expect((await sendSolved(SMS, { mobile, type: 'login' })).statusCode).toBe(200);
    const again = await sendSolved(SMS, { mobile, type: 'login' });
    expect(again.statusCode).toBe(429);
    expect(again.json<Answer>()).toMatchObject({
      code: 429,
      message: expect.stringMatching(/^验证码发送过于频繁，请 \d+ 秒后再试$/) as unknown,
    });
    expect(await codeRows(mobile)).toHaveLength(1);
    expect(await smsTo(mobile)).toHaveLength(1);
  });

  it('keeps ten codes a day per number', async () => {
    const mobile = freshMobile();
    await codesSentToday(mobile, CODE_DAILY_LIMIT);
    const refused = await sendSolved(SMS, { mobile, type: 'login' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<Answer>().message).toMatch(/^今日获取验证码次数已达上限/);
    expect(await codeRows(mobile)).toHaveLength(CODE_DAILY_LIMIT);
    expect(await smsTo(mobile)).toHaveLength(0);
  });

  it('keeps one code a minute per email address', async () => {
    const email = `budget-${freshMobile()}@example.com`;
    expect((await sendSolved(EMAIL, { email, type: 'register' })).statusCode).toBe(200);
    const again = await sendSolved(EMAIL, { email, type: 'register' });
    expect(again.statusCode).toBe(429);
    expect(await codeRows(email)).toHaveLength(1);
    expect((await readOutbox(t, 'email')).filter((entry) => entry.to === email)).toHaveLength(1);
  });

  it(
    `sends at most ${RATE_LIMITS.sendCode.budget.max} codes an hour from one address, captcha or not`,
    { timeout: 60_000 },
    async () => {
      const ip = freshIp();
      for (let i = 0; i < RATE_LIMITS.sendCode.budget.max; i += 1) {
        const sent = await sendSolved(SMS, { mobile: freshMobile(), type: 'login' }, ip);
        expect(sent.statusCode).toBe(200);
      }
      const mobile = freshMobile();
      const sms = await sendSolved(SMS, { mobile, type: 'login' }, ip);
      expect(sms.statusCode).toBe(429);
      const body = sms.json<Answer>();
      expect(body).toEqual({
        code: 429,
        message: expect.stringMatching(/^验证码发送过于频繁，请 \d+ 分钟后再试$/) as unknown,
        data: { retry_after: expect.any(Number) as unknown },
      });
      expect(body.data?.retry_after).toBeGreaterThan(0);
      expect(body.data?.retry_after).toBeLessThanOrEqual(3600);
      expect(sms.headers['retry-after']).toBe(String(body.data?.retry_after));
      expect(await codeRows(mobile)).toHaveLength(0);
      expect(await smsTo(mobile)).toHaveLength(0);

      // Email codes spend the same budget; so does a send without a captcha.
      const email = `budget-${freshMobile()}@example.com`;
      const mail = await sendSolved(EMAIL, { email, type: 'register' }, ip);
      expect(mail.statusCode).toBe(429);
      expect(await codeRows(email)).toHaveLength(0);
      const plain = await post(t, SMS, t.visitor(), { mobile, type: 'login' }, { ip });
      expect(plain.statusCode).toBe(429);
      expect(await smsTo(mobile)).toHaveLength(0);

      // Another address still has its own budget.
      expect((await sendSolved(SMS, { mobile, type: 'login' })).statusCode).toBe(200);
    },
  );

  it('refuses a forged request with a solved captcha: 403, nothing sent', async () => {
    const mobile = freshMobile();
    const response = await t.app.inject({
      method: 'POST',
      url: SMS,
      headers: { cookie: t.visitor().cookie, 'x-captcha-solution': await solveCaptcha(t) },
      payload: { mobile, type: 'login' },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 1, errno: 1 });
    expect(await codeRows(mobile)).toHaveLength(0);
    expect(await smsTo(mobile)).toHaveLength(0);
  });

  it.each([
    [{ mobile: '12800138000', type: 'login' }, 'mobile'],
    [{ mobile: '13800138000', type: 'bind' }, 'type'],
    [{ type: 'login' }, 'mobile'],
  ])(
    'refuses %j with a solved captcha as without one: 400, nothing sent',
    async (payload, field) => {
      const before = (await readOutbox(t, 'sms')).length;
      const response = await sendSolved(SMS, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, field });
      expect(await readOutbox(t, 'sms')).toHaveLength(before);
    },
  );
});
