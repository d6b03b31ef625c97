import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import {
  getAccountInfo,
  passwordLogin as passwordLoginCall,
  resetPassword,
  sendSmsCode,
} from '@melon/shared/calls/passport.calls';
import {
  freshMobile,
  lastCode,
  post,
  sessionTokenOf,
  signInByCode,
  withSession,
} from '../../testing/passport.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sendResetCode(mobile: string): Promise<string> {
  await t.db.deleteFrom('verification_codes').where('target', '=', mobile).execute();
  const response = await post(t, sendSmsCode.path, t.visitor(), {
    mobile,
    type: 'reset',
  });
  expect(response.statusCode).toBe(200);
  return lastCode(t, 'sms', mobile);
}

const reset = (visitor: Visitor, mobile: string, code: string, password: string) =>
  post(t, resetPassword.path, visitor, { mobile, code, password });

const isSignedIn = async (visitor: Visitor): Promise<boolean> =>
  (await t.app.inject({ url: getAccountInfo.path, headers: { cookie: visitor.cookie } }))
    .statusCode === 200;

const passwordLogin = (account: string, password: string) =>
  post(t, passwordLoginCall.path, t.visitor(), { account, password });

describe('POST /passport/web/password/reset/', () => {
  it('sets the password, ends every other session and signs this browser in', async () => {
    const phone = await signInByCode(t);
    const laptop = await signInByCode(t, phone.mobile);
    expect(await isSignedIn(phone.visitor)).toBe(true);

    const browser = t.visitor();
    const response = await reset(
      browser,
      phone.mobile,
      await sendResetCode(phone.mobile),
      'newPass42',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: AccountInfo }>().data).toMatchObject({
      user_id: phone.userId,
      has_password: true,
    });
    expect(await isSignedIn(withSession(browser, response))).toBe(true);
    expect(await isSignedIn(phone.visitor)).toBe(false);
    expect(await isSignedIn(laptop.visitor)).toBe(false);
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', phone.userId)
      .execute();
    expect(sessions).toHaveLength(1);

    expect((await passwordLogin(phone.mobile, 'newPass42')).statusCode).toBe(200);
  });

  it('replaces an earlier password', async () => {
    const { mobile } = await signInByCode(t);
    await reset(t.visitor(), mobile, await sendResetCode(mobile), 'first1234');
    await reset(t.visitor(), mobile, await sendResetCode(mobile), 'second1234');
    expect((await passwordLogin(mobile, 'first1234')).json()).toMatchObject({
      message: '账号或密码错误',
    });
    expect((await passwordLogin(mobile, 'second1234')).statusCode).toBe(200);
  });

  it('refuses a wrong code, changing neither password nor sessions', async () => {
    const account = await signInByCode(t);
    await reset(t.visitor(), account.mobile, await sendResetCode(account.mobile), 'keep1234');
    const signedIn = await passwordLogin(account.mobile, 'keep1234');
    const visitor = withSession(t.visitor(), signedIn);

    const code = await sendResetCode(account.mobile);
    const response = await reset(
      t.visitor(),
      account.mobile,
      code === '999999' ? '000000' : '999999',
      'other1234',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'code',
      message: '验证码错误，还可以再试 4 次',
    });
    expect(sessionTokenOf(response)).toBeUndefined();
    expect(await isSignedIn(visitor)).toBe(true);
    expect((await passwordLogin(account.mobile, 'keep1234')).statusCode).toBe(200);
  });

  it('refuses a sign-in code', async () => {
    const { mobile } = await signInByCode(t);
    const loginCode = await lastCode(t, 'sms', mobile);
    await t.db
      .updateTable('verification_codes')
      .set({ consumed_at: null })
      .where('target', '=', mobile)
      .execute();
    const response = await reset(t.visitor(), mobile, loginCode, 'other1234');
    expect(response.json()).toMatchObject({ code: 400, message: '请先获取验证码' });
  });

  it('answers a number without an account as one without a code', async () => {
    const response = await reset(t.visitor(), freshMobile(), '123456', 'other1234');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message: '请先获取验证码', field: 'code' });
  });

  it('refuses a password that breaks the rule before looking at the code', async () => {
    const { mobile } = await signInByCode(t);
    const code = await sendResetCode(mobile);
    const response = await reset(t.visitor(), mobile, code, 'onlyletters');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'password',
      message: '密码需为 8–64 位，且同时包含字母和数字',
    });
    expect((await reset(t.visitor(), mobile, code, 'letters1234')).statusCode).toBe(200);
  });
});
