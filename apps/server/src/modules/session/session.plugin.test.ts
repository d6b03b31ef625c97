import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GlobalConfig } from '@melon/shared/contracts/global-config';
import { deleteUserSessions } from '../../modules/session/session.repository.ts';
import { createUser } from '../../testing/factories.ts';
import { freshMobile, lastCode, post, signInByCode } from '../../testing/passport.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from './session.plugin.ts';

let t: TestApp;
let userId = '';
beforeAll(async () => {
  t = await createTestApp();
  userId = await createUser(t.db, t.newId, { name: '会话测试' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const config = async (cookie: string) =>
  (await t.app.inject({ url: '/api/otherv2/global_config', headers: { cookie } })).json<{
    data: GlobalConfig;
  }>().data;

describe('sessions', () => {
  it('a live session makes the visitor signed in', async () => {
    const visitor = await t.signedIn(userId);
    expect(await config(visitor.cookie)).toMatchObject({ id: userId, isLogin: true });
  });

  it('an unknown, forged or ended session token signs nobody in', async () => {
    const visitor = t.visitor();
    expect(await config(`${visitor.cookie}; ${SESSION_COOKIE}=forged`)).toMatchObject({
      id: null,
      isLogin: false,
    });
    const signedIn = await t.signedIn(userId);
    await deleteUserSessions(t.db, userId);
    expect(await config(signedIn.cookie)).toMatchObject({ id: null, isLogin: false });
  });

  it('signs in until SESSION_TTL_MS after sign-in, and nobody after that', async () => {
    const before = Date.now();
    const { visitor, userId } = await signInByCode(t);
    const after = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(before + SESSION_TTL_MS - 1000);
    expect(await config(visitor.cookie)).toMatchObject({ id: userId, isLogin: true });
    vi.setSystemTime(after + SESSION_TTL_MS + 1);
    expect(await config(visitor.cookie)).toMatchObject({ id: null, isLogin: false });
  });

  it('marks the cookie Secure only for HTTPS behind the trusted (loopback) proxy', async () => {
    const sessionCookie = async (ip: string) => {
      const visitor = t.visitor();
      const mobile = freshMobile();
      const options = { ip, headers: { 'x-forwarded-proto': 'https' } };
      await post(t, '/passport/web/send_code/', visitor, { mobile, type: 'login' }, options);
      const code = await lastCode(t, 'sms', mobile);
      const response = await post(
        t,
        '/passport/web/sms_login/',
        visitor,
        { mobile, code },
        options,
      );
      expect(response.statusCode).toBe(200);
      return response.cookies.find((c) => c.name === SESSION_COOKIE);
    };
    expect(await sessionCookie('127.0.0.1')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: SESSION_TTL_MS / 1000,
    });
    // A client elsewhere cannot claim HTTPS for itself.
    const direct = await sessionCookie('203.0.113.9');
    expect(direct?.secure).toBeUndefined();
    expect(direct?.httpOnly).toBe(true);
  });

  it('stores only the hash of the token', async () => {
    const visitor = await t.signedIn(userId);
    const token = /melon_session=([^;]+)/.exec(visitor.cookie)?.[1] ?? '';
    const rows = await t.db.selectFrom('sessions').select('id').execute();
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });
});
