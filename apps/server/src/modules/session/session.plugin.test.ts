import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, WEB_ID_COOKIE } from '@melon/shared/api/constants';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { logout, sendSmsCode, smsLogin } from '@melon/shared/calls/passport.calls';
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
  (await t.app.inject({ url: getGlobalConfig.path, headers: { cookie } })).json<{
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
      await post(t, sendSmsCode.path, visitor, { mobile, type: 'login' }, options);
      const code = await lastCode(t, 'sms', mobile);
      const response = await post(t, smsLogin.path, visitor, { mobile, code }, options);
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

  it('names the cookies without a prefix on an http site', async () => {
    const { visitor } = await signInByCode(t);
    expect(visitor.cookie).toMatch(new RegExp(`^${WEB_ID_COOKIE}=\\d+; ${SESSION_COOKIE}=`));
    const first = await t.app.inject({ url: getGlobalConfig.path });
    expect(first.cookies.map((c) => c.name)).toEqual([WEB_ID_COOKIE]);
  });

  it('stores only the hash of the token', async () => {
    const visitor = await t.signedIn(userId);
    const token = /melon_session=([^;]+)/.exec(visitor.cookie)?.[1] ?? '';
    const rows = await t.db.selectFrom('sessions').select('id').execute();
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });
});

describe('on an https site (MELON_PUBLIC_URL https://…, decision 067)', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await createTestApp({ publicUrl: 'https://melon.example' });
  });
  afterAll(() => site.close());

  /** A first visit and a sign-in by code over plain HTTP (TLS ends at the proxy, unseen). */
  async function signIn() {
    const first = await site.app.inject({ url: getGlobalConfig.path });
    const webIdCookie = first.cookies.find((c) => c.name === `__Host-${WEB_ID_COOKIE}`);
    const csrfToken = first.json<{ data: GlobalConfig }>().data.csrfToken;
    const cookie = `__Host-${WEB_ID_COOKIE}=${webIdCookie?.value ?? ''}`;
    const visitor = { webId: '', cookie, headers: { cookie, [CSRF_HEADER]: csrfToken } };
    const mobile = freshMobile();
    await post(site, sendSmsCode.path, visitor, { mobile, type: 'login' });
    const code = await lastCode(site, 'sms', mobile);
    const login = await post(site, smsLogin.path, visitor, { mobile, code });
    expect(login.statusCode).toBe(200);
    return { first, login, visitor };
  }

  it('names the web_id and session cookies __Host-: Secure, Path=/, no Domain', async () => {
    const { first, login } = await signIn();
    const hostOnly = { secure: true, httpOnly: true, sameSite: 'Lax', path: '/' };
    const webId = first.cookies.find((c) => c.name === `__Host-${WEB_ID_COOKIE}`);
    expect(webId).toMatchObject(hostOnly);
    expect(webId?.domain).toBeUndefined();
    expect(first.cookies.map((c) => c.name)).toEqual([`__Host-${WEB_ID_COOKIE}`]);
    const session = login.cookies.find((c) => c.name === `__Host-${SESSION_COOKIE}`);
    expect(session).toMatchObject({ ...hostOnly, maxAge: SESSION_TTL_MS / 1000 });
    expect(session?.domain).toBeUndefined();
    expect(login.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false);
  });

  it('keeps the browser signed in under the prefixed names, and only under them', async () => {
    const { login, visitor } = await signIn();
    const token = login.cookies.find((c) => c.name === `__Host-${SESSION_COOKIE}`)?.value ?? '';
    const signedIn = `${visitor.cookie}; __Host-${SESSION_COOKIE}=${token}`;
    expect(await configOn(site, signedIn)).toMatchObject({ isLogin: true });
    // The unprefixed names are what a sibling domain could set: they are not read.
    const webId = visitor.cookie.split('=')[1] ?? '';
    const plain = `${WEB_ID_COOKIE}=${webId}; ${SESSION_COOKIE}=${token}`;
    expect(await configOn(site, plain)).toMatchObject({ isLogin: false });

    const out = await post(
      site,
      logout.path,
      { ...visitor, headers: { ...visitor.headers, cookie: signedIn } },
      {},
    );
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === `__Host-${SESSION_COOKIE}`);
    expect(cleared).toMatchObject({ value: '', secure: true, path: '/' });
    expect(await configOn(site, signedIn)).toMatchObject({ isLogin: false });
  });
});

async function configOn(site: TestApp, cookie: string) {
  const response = await site.app.inject({ url: getGlobalConfig.path, headers: { cookie } });
  return response.json<{ data: GlobalConfig }>().data;
}
