import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import { getAccountInfo, passwordLogin, smsLogin } from '@melon/shared/calls/passport.calls';
import { createAccount } from '../account/account.service.ts';
import {
  freshIp,
  freshMobile,
  post,
  sessionTokenOf,
  solveCaptcha,
  withSession,
} from '../../testing/passport.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { hashPassword } from './password.ts';

let t: TestApp;
const password = 'melon2026';
let userId = '';
let name = '';
const mobile = freshMobile();
const email = 'viewer@example.com';

beforeAll(async () => {
  t = await createTestApp();
  userId = await createAccount(t.db, t.newId, {
    mobile,
    email,
    passwordHash: await hashPassword(password),
  });
  const row = await t.db
    .selectFrom('users')
    .select('name')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  name = row.name;
});
afterAll(() => t.close());

const login = (
  account: string,
  secret: string,
  options: { ip?: string; headers?: Record<string, string> } = {},
) => post(t, passwordLogin.path, t.visitor(), { account, password: secret }, options);

const wrongCredentials = {
  code: 400,
  message: '账号或密码错误',
  data: null,
};

describe('POST /passport/web/user/login/', () => {
  it('stores the password as an argon2id hash', async () => {
    const row = await t.db
      .selectFrom('user_credentials')
      .select('password_hash')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    ['a mobile number', () => mobile],
    ['an email address in any case', () => ' Viewer@Example.COM '],
    ['a user name', () => name],
  ])('signs in with %s', async (_kind, account) => {
    const visitor = t.visitor();
    const response = await post(t, passwordLogin.path, visitor, {
      account: account(),
      password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: AccountInfo }>().data).toMatchObject({
      user_id: userId,
      has_password: true,
      email: 'v***@example.com',
    });
    const info = await t.app.inject({
      url: getAccountInfo.path,
      headers: { cookie: withSession(visitor, response).cookie },
    });
    expect(info.statusCode).toBe(200);
  });

  it('gives one message for a wrong password and for an unknown account', async () => {
    const wrongPassword = await login(mobile, 'melon2027');
    const unknown = await login('nobody@example.com', password);
    const unknownName = await login('没有这个人', password);
    for (const response of [wrongPassword, unknown, unknownName]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(wrongCredentials);
      expect(sessionTokenOf(response)).toBeUndefined();
    }
  });

  it('refuses an account that signs in by code only, with the same message', async () => {
    const codeOnly = freshMobile();
    await createAccount(t.db, t.newId, { mobile: codeOnly });
    const response = await login(codeOnly, password);
    expect(response.json()).toEqual(wrongCredentials);
  });

  it('refuses empty fields with Chinese messages', async () => {
    const response = await post(t, passwordLogin.path, t.visitor(), {
      account: '',
      password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'account',
      message: '请输入手机号、邮箱或用户名',
    });
    const noPassword = await post(t, passwordLogin.path, t.visitor(), {
      account: mobile,
    });
    expect(noPassword.json()).toMatchObject({ field: 'password', message: '请输入密码' });
  });

  it('refuses fields over their limits, naming the field, without counting a failure', async () => {
    const ip = freshIp();
    const tooLong = `${'a'.repeat(243)}@example.com`;
    const failureCounts = () =>
      t.db
        .selectFrom('auth_failures')
        .select(['key', 'failures', 'window_started_at'])
        .where('key', 'in', [`ip:${ip}`, `account:${mobile}`, `account:${tooLong}`])
        .orderBy('key')
        .execute();
    const before = await failureCounts();
    const longAccount = await login(tooLong, password, { ip });
    expect(longAccount.statusCode).toBe(400);
    expect(longAccount.json()).toMatchObject({
      code: 400,
      field: 'account',
      message: '请输入手机号、邮箱或用户名',
    });
    const longPassword = await login(mobile, `${password}${'9'.repeat(56)}`, { ip });
    expect(longPassword.statusCode).toBe(400);
    expect(longPassword.json()).toMatchObject({
      code: 400,
      field: 'password',
      message: '密码需为 8–64 位，且同时包含字母和数字',
    });
    for (const response of [longAccount, longPassword]) {
      expect(sessionTokenOf(response)).toBeUndefined();
    }
    // Nothing was recorded: no failure counts toward the captcha, for the address or the accounts.
    expect(await failureCounts()).toEqual(before);
  });

  it(
    'asks for a captcha after 3 failures for an account; a solved one lets the retry through once',
    { timeout: 30_000 },
    async () => {
      const account = freshMobile();
      await createAccount(t.db, t.newId, {
        mobile: account,
        passwordHash: await hashPassword(password),
      });
      for (let i = 0; i < 3; i += 1) {
        expect((await login(account, 'wrong-password-1')).json()).toEqual(wrongCredentials);
      }
      // Even the right password now needs the captcha, from any address.
      const gated = await login(account, password);
      expect(gated.statusCode).toBe(403);
      expect(gated.headers['x-captcha-required']).toBe('1');
      expect(gated.json()).toEqual({
        code: 403,
        message: '失败次数过多，请完成安全验证',
        data: null,
      });
      expect(sessionTokenOf(gated)).toBeUndefined();

      const solution = await solveCaptcha(t);
      const retry = await login(account, password, { headers: { 'x-captcha-solution': solution } });
      expect(retry.statusCode).toBe(200);
      expect(sessionTokenOf(retry)).toBeDefined();

      // Spent: the same solution cannot carry another request.
      const replay = await login(account, password, {
        headers: { 'x-captcha-solution': solution },
      });
      expect(replay.statusCode).toBe(403);
      expect(replay.headers['x-captcha-required']).toBe('1');
      expect(replay.json()).toMatchObject({ message: '安全验证无效或已过期，请重新验证' });
      expect(sessionTokenOf(replay)).toBeUndefined();

      // Success forgot the account's failures.
      expect((await login(account, password)).statusCode).toBe(200);
    },
  );

  it('asks for a captcha after 3 failures from one address, whatever the accounts', async () => {
    const ip = freshIp();
    for (const account of ['a1@example.com', 'a2@example.com', 'a3@example.com']) {
      expect((await login(account, password, { ip })).json()).toEqual(wrongCredentials);
    }
    const gated = await login(mobile, password, { ip });
    expect(gated.statusCode).toBe(403);
    expect(gated.headers['x-captcha-required']).toBe('1');
    // Another address is not affected.
    expect((await login(mobile, password)).statusCode).toBe(200);
  });

  it('counts IPv6 addresses by their /64', async () => {
    for (const [i, account] of ['b1@example.com', 'b2@example.com', 'b3@example.com'].entries()) {
      await login(account, password, { ip: `2001:db8:7:1::${i + 1}` });
    }
    const gated = await login(mobile, password, { ip: '2001:db8:7:1:abcd::9' });
    expect(gated.statusCode).toBe(403);
    expect(gated.headers['x-captcha-required']).toBe('1');
    expect((await login(mobile, password, { ip: '2001:db8:7:2::1' })).statusCode).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    const account = 'old-failures@example.com';
    for (let i = 0; i < 3; i += 1) await login(account, password);
    await t.db
      .updateTable('auth_failures')
      .set({ window_started_at: Date.now() - 15 * 60_000 - 1 })
      .where('key', '=', `account:${account}`)
      .execute();
    const response = await login(account, password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(wrongCredentials);
  });

  it('asks for a captcha from an address over 20 sign-in calls a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) {
      const response = await post(t, passwordLogin.path, t.visitor(), {}, { ip });
      expect(response.statusCode).toBe(400);
    }
    const burst = await login(mobile, password, { ip });
    expect(burst.statusCode).toBe(403);
    expect(burst.headers['x-captcha-required']).toBe('1');
    expect(burst.json()).toMatchObject({ message: '操作过于频繁，请完成安全验证' });
    // The limit spans every sign-in call.
    const sms = await post(t, smsLogin.path, t.visitor(), { mobile, code: '123456' }, { ip });
    expect(sms.statusCode).toBe(403);
    expect(sms.headers['x-captcha-required']).toBe('1');
  });

  it('refuses a forged captcha solution', async () => {
    const forged = Buffer.from(
      JSON.stringify({
        algorithm: 'SHA-256',
        challenge: 'x',
        number: 1,
        salt: 'y',
        signature: 'z',
      }),
    ).toString('base64');
    const response = await login(mobile, password, { headers: { 'x-captcha-solution': forged } });
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-captcha-required']).toBe('1');
    expect(sessionTokenOf(response)).toBeUndefined();
  });
});
