import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import { getAccountInfo, sendSmsCode, smsLogin } from '@melon/shared/calls/passport.calls';
import {
  freshIp,
  freshMobile,
  lastCode,
  post,
  sessionTokenOf,
  signInByCode,
  solveCaptcha,
  withSession,
} from '../../testing/passport.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sendCode(mobile: string, type = 'login'): Promise<string> {
  const response = await post(t, sendSmsCode.path, t.visitor(), { mobile, type });
  expect(response.statusCode).toBe(200);
  return lastCode(t, 'sms', mobile);
}

const login = (visitor: Visitor, mobile: string, code: string, headers?: Record<string, string>) =>
  post(t, smsLogin.path, visitor, { mobile, code }, { headers });

const accountInfo = (visitor: Visitor) =>
  t.app.inject({ url: getAccountInfo.path, headers: { cookie: visitor.cookie } });

const usersWithMobile = (mobile: string) =>
  t.db.selectFrom('user_credentials').select('user_id').where('mobile', '=', mobile).execute();

/** Another code than the one sent. */
const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /passport/web/sms_login/', () => {
  it('creates the account on first use and signs the browser in', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const visitor = t.visitor();
    const response = await login(visitor, mobile, code);
    expect(response.statusCode).toBe(200);
    const account = response.json<{ data: AccountInfo }>().data;
    expect(account).toMatchObject({
      mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
      email: null,
      has_password: false,
      bound_platforms: [],
    });
    expect(account.name).toMatch(/^甜瓜用户\d{8}$/);

    const cookie = response.cookies.find((c) => c.name === 'melon_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
    const info = await accountInfo(withSession(visitor, response));
    expect(info.json()).toMatchObject({ code: 200, data: { user_id: account.user_id } });
  });

  it('signs an existing number into the same account', async () => {
    const mobile = freshMobile();
    const first = await login(t.visitor(), mobile, await sendCode(mobile));
    await t.db.deleteFrom('verification_codes').where('target', '=', mobile).execute();
    const second = await login(t.visitor(), mobile, await sendCode(mobile, 'register'));
    expect(second.statusCode).toBe(200);
    expect(second.json<{ data: AccountInfo }>().data.user_id).toBe(
      first.json<{ data: AccountInfo }>().data.user_id,
    );
    expect(await usersWithMobile(mobile)).toHaveLength(1);
  });

  it('replaces the session of a browser already signed in', async () => {
    const mobile = freshMobile();
    const visitor = withSession(
      t.visitor(),
      await login(t.visitor(), mobile, await sendCode(mobile)),
    );
    await t.db.deleteFrom('verification_codes').where('target', '=', mobile).execute();
    const again = await login(visitor, mobile, await sendCode(mobile));
    expect(again.statusCode).toBe(200);
    expect(sessionTokenOf(again)).toBeDefined();
    expect((await accountInfo(visitor)).statusCode).toBe(401);
  });

  it('refuses a wrong code, saying how many tries are left, and creates nothing', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const response = await login(t.visitor(), mobile, wrong(code));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: '验证码错误，还可以再试 4 次',
      data: null,
      field: 'code',
    });
    expect(sessionTokenOf(response)).toBeUndefined();
    expect(await usersWithMobile(mobile)).toHaveLength(0);
  });

  it('refuses an expired code', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    await t.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('target', '=', mobile)
      .execute();
    const response = await login(t.visitor(), mobile, code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: '验证码已过期，请重新获取', field: 'code' });
    expect(await usersWithMobile(mobile)).toHaveLength(0);
  });

  it('refuses a code used before', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    expect((await login(t.visitor(), mobile, code)).statusCode).toBe(200);
    const again = await login(t.visitor(), mobile, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: '验证码已使用，请重新获取', field: 'code' });
    expect(sessionTokenOf(again)).toBeUndefined();
  });

  it('refuses when no code was sent, or only one for another purpose', async () => {
    const mobile = freshMobile();
    const none = await login(t.visitor(), mobile, '123456');
    expect(none.json()).toMatchObject({ code: 400, message: '请先获取验证码' });
    const account = await signInByCode(t);
    await t.db.deleteFrom('verification_codes').where('target', '=', account.mobile).execute();
    const resetCode = await sendCode(account.mobile, 'reset');
    const response = await login(t.visitor(), account.mobile, resetCode);
    expect(response.json()).toMatchObject({ code: 400, message: '请先获取验证码' });
  });

  it(
    'kills a code after 5 wrong tries, asking for a captcha after the third',
    { timeout: 60_000 },
    async () => {
      const mobile = freshMobile();
      const code = await sendCode(mobile);
      for (const left of [4, 3, 2]) {
        const response = await login(t.visitor(), mobile, wrong(code));
        expect(response.json()).toMatchObject({ message: `验证码错误，还可以再试 ${left} 次` });
      }
      // The fourth try meets the captcha, and counts nothing while it waits.
      const gated = await login(t.visitor(), mobile, wrong(code));
      expect(gated.statusCode).toBe(403);
      expect(gated.headers['x-captcha-required']).toBe('1');
      expect(gated.json()).toMatchObject({ code: 403, message: '失败次数过多，请完成安全验证' });
      const row = await t.db
        .selectFrom('verification_codes')
        .select('attempts')
        .where('target', '=', mobile)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(3);

      const solved = async () => ({ 'x-captcha-solution': await solveCaptcha(t) });
      const fourth = await login(t.visitor(), mobile, wrong(code), await solved());
      expect(fourth.json()).toMatchObject({ message: '验证码错误，还可以再试 1 次' });
      const fifth = await login(t.visitor(), mobile, wrong(code), await solved());
      expect(fifth.json()).toMatchObject({ message: '验证码错误次数过多，请重新获取' });
      const right = await login(t.visitor(), mobile, code, await solved());
      expect(right.statusCode).toBe(400);
      expect(right.json()).toMatchObject({ message: '验证码错误次数过多，请重新获取' });
      expect(await usersWithMobile(mobile)).toHaveLength(0);
    },
  );

  it.each([
    [{ code: '123456' }, 'mobile', '手机号不能为空'],
    [{ mobile: '23800138000', code: '123456' }, 'mobile', '请输入正确的手机号'],
    [{ mobile: '13800138000' }, 'code', '请输入验证码'],
    [{ mobile: '13800138000', code: '12345' }, 'code', '验证码为 6 位数字'],
  ])('refuses %j with 400 naming %s', async (payload, field, message) => {
    const response = await post(t, smsLogin.path, t.visitor(), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, field, message });
  });

  it('refuses a request without the anti-forgery token and spends nothing', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const visitor = t.visitor();
    const response = await t.app.inject({
      method: 'POST',
      url: smsLogin.path,
      headers: { cookie: visitor.cookie, 'x-csrf-token': 'forged' },
      payload: { mobile, code },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 1, errno: 1 });
    expect(await usersWithMobile(mobile)).toHaveLength(0);
    expect((await login(t.visitor(), mobile, code)).statusCode).toBe(200);
  });
});
