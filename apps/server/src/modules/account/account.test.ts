import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAccountInfo,
  getQrcode,
  getSessions,
  logout as logoutCall,
} from '@melon/shared/calls/passport.calls';
import { getIsLogout } from '@melon/shared/calls/user-center.calls';
import { getBindConflict, getOauthPlatforms } from '@melon/shared/calls/oauth.calls';
import { injectCall } from '../../testing/inject-call.ts';
import { freshIp, post, signInByCode, solveCaptcha } from '../../testing/passport.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = (visitor: Visitor) =>
  t.app.inject({ url: getAccountInfo.path, headers: { cookie: visitor.cookie } });

describe('GET /passport/web/account/info/', () => {
  it('answers the signed-in account', async () => {
    const { visitor, userId, mobile } = await signInByCode(t);
    const response = await info(visitor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      code: 200,
      data: { user_id: userId, mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}` },
    });
  });

  it('answers 401 to a visitor', async () => {
    const response = await info(t.visitor());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 401, message: '请先登录', data: null });
  });
});

describe('POST /passport/web/logout/', () => {
  it('ends the session: its cookie signs nobody in afterwards', async () => {
    const { visitor } = await signInByCode(t);
    const response = await post(t, logoutCall.path, visitor, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: 'success', data: null });
    const cleared = response.cookies.find((c) => c.name === 'melon_session');
    expect(cleared?.value).toBe('');
    expect((await info(visitor)).statusCode).toBe(401);
  });

  it('answers a visitor too', async () => {
    expect((await post(t, logoutCall.path, t.visitor(), {})).statusCode).toBe(200);
  });

  it('refuses a request without the anti-forgery token and keeps the session', async () => {
    const { visitor } = await signInByCode(t);
    const response = await t.app.inject({
      method: 'POST',
      url: logoutCall.path,
      headers: { cookie: visitor.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect((await info(visitor)).statusCode).toBe(200);
  });
});

describe('GET /api/userv2/is_logout', () => {
  it('is true for a visitor and false when signed in', async () => {
    const visitor = await injectCall(t.app, getIsLogout);
    expect(visitor.json()).toEqual({ code: 200, message: 'success', data: { is_logout: true } });
    const { visitor: signedIn } = await signInByCode(t);
    const user = await t.app.inject({
      url: getIsLogout.path,
      headers: { cookie: signedIn.cookie },
    });
    expect(user.json()).toMatchObject({ data: { is_logout: false } });
  });
});

describe('the rate limit of the passport bucket', () => {
  it('asks for a captcha from an address over 120 calls a minute, across every module', async () => {
    const ip = freshIp();
    const { visitor } = await signInByCode(t);
    for (let i = 0; i < 120; i += 1) {
      const response = await t.app.inject({
        url: getAccountInfo.path,
        headers: { cookie: visitor.cookie },
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(200);
    }
    // One count for the address, whichever module serves the call: the device list, a
    // scan-code, the third-party platforms, the bind conflict and logout are all past it.
    for (const url of [
      getSessions.path,
      getQrcode.path,
      getOauthPlatforms.path,
      getBindConflict.path,
    ]) {
      const refused = await t.app.inject({
        url,
        headers: { cookie: visitor.cookie },
        remoteAddress: ip,
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.headers['x-captcha-required']).toBe('1');
      expect(refused.json()).toMatchObject({ message: '操作过于频繁，请完成安全验证' });
    }
    const logout = await post(t, logoutCall.path, visitor, {}, { ip });
    expect(logout.statusCode).toBe(403);
    expect(logout.headers['x-captcha-required']).toBe('1');
    // The session was kept, and another address is not affected.
    expect((await info(visitor)).statusCode).toBe(200);

    // A solved captcha carries the retry.
    const solved = await post(
      t,
      logoutCall.path,
      visitor,
      {},
      {
        ip,
        headers: { 'x-captcha-solution': await solveCaptcha(t) },
      },
    );
    expect(solved.statusCode).toBe(200);
    expect((await info(visitor)).statusCode).toBe(401);
  });
});
