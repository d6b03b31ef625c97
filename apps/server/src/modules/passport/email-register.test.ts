import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import { emailRegister, passwordLogin, sendEmailCode } from '@melon/shared/calls/passport.calls';
import { lastCode, post, readOutbox, sessionTokenOf } from '../../testing/passport.ts';
import { createAccount } from '../account/account.service.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = (): string => {
  counter += 1;
  return `user${counter}@example.com`;
};

async function sendCode(email: string): Promise<string> {
  const response = await post(t, sendEmailCode.path, t.visitor(), {
    email,
    type: 'register',
  });
  expect(response.statusCode).toBe(200);
  return lastCode(t, 'email', email);
}

const register = (email: string, code: string, password: string) =>
  post(t, emailRegister.path, t.visitor(), { email, code, password });

const accountsWithEmail = (email: string) =>
  t.db.selectFrom('user_credentials').select('user_id').where('email', '=', email).execute();

describe('POST /passport/web/email/register/', () => {
  it('creates an account with email and password and signs it in', async () => {
    const email = freshEmail();
    const response = await register(email, await sendCode(email), 'melon2026');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: AccountInfo }>().data).toMatchObject({
      email: `u***@example.com`,
      mobile: null,
      has_password: true,
    });
    expect(sessionTokenOf(response)).toBeDefined();

    const login = await post(t, passwordLogin.path, t.visitor(), {
      account: email,
      password: 'melon2026',
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['too short', 'abc123'],
    ['without digits', 'abcdefghij'],
    ['without letters', '1234567890'],
    ['too long', `a1${'x'.repeat(63)}`],
  ])('refuses a password %s, leaving the code usable', async (_kind, password) => {
    const email = freshEmail();
    const code = await sendCode(email);
    const response = await register(email, code, password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: '密码需为 8–64 位，且同时包含字母和数字',
      data: null,
      field: 'password',
    });
    expect(await accountsWithEmail(email)).toHaveLength(0);
    expect((await register(email, code, 'melon2026')).statusCode).toBe(200);
  });

  it('tells who holds the code that the address is registered, creating nothing', async () => {
    const email = freshEmail();
    const code = await sendCode(email);
    // Someone registers the address between the code and its use.
    await createAccount(t.db, t.newId, { email });
    const response = await register(email, code, 'melon2026');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 409,
      message: '该邮箱已注册，请直接登录',
      data: null,
      field: 'email',
    });
    expect(await accountsWithEmail(email)).toHaveLength(1);

    // Asked again, the address gets a notice by email, no code, and the answer of any address.
    await t.db.deleteFrom('verification_codes').where('target', '=', email).execute();
    const again = await post(t, sendEmailCode.path, t.visitor(), {
      email,
      type: 'register',
    });
    expect(again.statusCode).toBe(200);
    const notice = (await readOutbox(t, 'email')).findLast((entry) => entry.to === email);
    expect(notice?.code ?? null).toBeNull();
    expect(notice?.text).toContain('该邮箱已注册');
  });

  it('refuses a wrong, an expired and a reused code', async () => {
    const email = freshEmail();
    const code = await sendCode(email);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await register(email, wrongCode, 'melon2026');
    expect(wrong.json()).toMatchObject({ message: '验证码错误，还可以再试 4 次', field: 'code' });

    await t.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('target', '=', email)
      .execute();
    const expired = await register(email, code, 'melon2026');
    expect(expired.json()).toMatchObject({ message: '验证码已过期，请重新获取' });
    expect(await accountsWithEmail(email)).toHaveLength(0);

    await t.db.deleteFrom('verification_codes').where('target', '=', email).execute();
    const fresh = await sendCode(email);
    expect((await register(email, fresh, 'melon2026')).statusCode).toBe(200);
    // Even with the account gone, the spent code registers nothing.
    const ids = (await accountsWithEmail(email)).map((row) => row.user_id);
    await t.db.deleteFrom('users').where('id', 'in', ids).execute();
    const reused = await register(email, fresh, 'melon2026');
    expect(reused.json()).toMatchObject({ message: '验证码已使用，请重新获取' });
    expect(await accountsWithEmail(email)).toHaveLength(0);
  });
});
