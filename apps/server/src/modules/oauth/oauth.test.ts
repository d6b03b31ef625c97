import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountInfo,
  BindConflict,
  BindVerification,
  BindVerified,
} from '@melon/shared/contracts/passport';
import {
  confirmBindVerification,
  getBindConflict,
  getBindVerification,
  getOauthPlatforms,
  oauthLogin,
  resolveBindConflict,
  sendBindVerificationCode,
} from '@melon/shared/calls/oauth.calls';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { SESSION_COOKIE } from '../../modules/session/session.plugin.ts';
import { createAccount } from '../account/account.service.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { CONFLICT_COOKIE, FLOW_COOKIE, VERIFY_COOKIE } from './oauth-cookies.ts';
import { freshIp, lastCode } from '../../testing/passport.ts';
import { findIdentity, insertIdentity } from './oauth.repository.ts';
import { signInAtTestProvider } from '../../testing/test-oidc-browser.ts';
import {
  startTestOidcProvider,
  type TestOidcAccount,
  type TestOidcProvider,
} from '../../testing/test-oidc-provider.ts';

// Requests injected into the app arrive for http://localhost.
const CALLBACK = 'http://localhost/passport/auth/callback/douyin';
const accounts: Record<string, TestOidcAccount> = {};
let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestOidcProvider({
    clients: [{ clientId: 'melon-test', clientSecret: 'test-secret', redirectUris: [CALLBACK] }],
    accounts,
  });
  t = await createTestApp({
    oauthProviders: [
      {
        platform: 'douyin',
        issuer: provider.issuer,
        clientId: 'melon-test',
        clientSecret: 'test-secret',
      },
      // Configured, but nothing listens there.
      { platform: 'weixin', issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' },
    ],
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

let accountCounter = 0;
/** A new account at the provider; its login name is also its subject. */
function providerAccount(account: TestOidcAccount): string {
  accountCounter += 1;
  const login = `user${accountCounter}`;
  accounts[login] = account;
  return login;
}

let mobileCounter = 0;
const newMobile = (): string => `139${String(++mobileCounter).padStart(8, '0')}`;

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

function startLogin(browser: Visitor, query: string) {
  return t.app.inject({
    url: `${oauthLogin.path}?${query}`,
    headers: { cookie: browser.cookie },
  });
}

/** The whole round trip: Melon → provider login page → back to Melon's callback. */
async function signIn(login: string | null, browser = t.visitor(), service?: string) {
  const query = `platform=douyin${service === undefined ? '' : `&service=${encodeURIComponent(service)}`}`;
  const start = await startLogin(browser, query);
  expect(start.statusCode).toBe(302);
  const flow = cookieOf(start, FLOW_COOKIE)?.value ?? '';
  const callback = new URL(
    await signInAtTestProvider(String(start.headers.location), login, CALLBACK),
  );
  const response = await t.app.inject({
    url: callback.pathname + callback.search,
    headers: { cookie: `${browser.cookie}; ${FLOW_COOKIE}=${flow}` },
  });
  return { response, browser, callback, flow };
}

/**
 * A failed callback: back to the sign-on page with the message and where to go after, no
 * session cookie set or cleared, the flow cookie spent.
 */
function expectSignOnPage(response: LightMyRequestResponse, error: string, service = '/') {
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location), 'http://localhost');
  expect(location.origin + location.pathname).toBe('http://localhost/passport/login');
  expect(Object.fromEntries(location.searchParams)).toEqual({ service, error });
  expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
  expect(cookieOf(response, FLOW_COOKIE)?.value).toBe('');
  expect(response.headers['cache-control']).toBe('no-store');
}

async function signedInUser(response: LightMyRequestResponse): Promise<string | null> {
  const session = cookieOf(response, SESSION_COOKIE)?.value;
  if (!session) return null;
  const config = await t.app.inject({
    url: getGlobalConfig.path,
    headers: { cookie: `${SESSION_COOKIE}=${session}` },
  });
  return config.json<{ data: { id: string | null } }>().data.id;
}

const identityOf = (subject: string) => findIdentity(t.db, 'douyin', subject);

/** The browser with the sealed cookie a response set added to its cookies. */
function withCookie(browser: Visitor, response: LightMyRequestResponse, name: string): Visitor {
  const cookie = `${browser.cookie}; ${name}=${cookieOf(response, name)?.value ?? ''}`;
  return { ...browser, cookie, headers: { ...browser.headers, cookie } };
}

const sendVerifyCode = (browser: Visitor) =>
  t.app.inject({
    method: 'POST',
    url: sendBindVerificationCode.path,
    headers: browser.headers,
    remoteAddress: freshIp(),
  });

const confirmVerify = (browser: Visitor, code: string) =>
  t.app.inject({
    method: 'POST',
    url: confirmBindVerification.path,
    headers: browser.headers,
    payload: { code },
    remoteAddress: freshIp(),
  });

/** The SMS check of a pending third-party sign-in, passed with the code sent to the number. */
async function verifyByCode(browser: Visitor, mobile: string) {
  await t.db.deleteFrom('verification_codes').where('target', '=', mobile).execute();
  expect((await sendVerifyCode(browser)).statusCode).toBe(200);
  const response = await confirmVerify(browser, await lastCode(t, 'sms', mobile));
  expect(response.statusCode).toBe(200);
  return { response, browser };
}

const mobileOf = async (userId: string) =>
  (
    await t.db
      .selectFrom('user_credentials')
      .select('mobile')
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.mobile;

describe('third-party platforms', () => {
  it('lists only the configured platforms', async () => {
    const response = await t.app.inject({ url: getOauthPlatforms.path });
    expect(response.json()).toEqual({
      code: 200,
      message: 'success',
      data: { platforms: ['douyin', 'weixin'] },
    });
  });

  it('refuses an unknown platform (400) and one without settings (404)', async () => {
    const unknown = await startLogin(t.visitor(), 'platform=weibo');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 400, field: 'platform', data: null });
    const unconfigured = await startLogin(t.visitor(), 'platform=qq');
    expect(unconfigured.statusCode).toBe(404);
    expect(unconfigured.json()).toMatchObject({ code: 404, message: '暂不支持QQ登录' });
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const response = await startLogin(t.visitor(), 'platform=weixin');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: '微信登录服务暂时不可用，请稍后重试' });
  });
});

describe('GET /passport/auth/login/', () => {
  it('redirects to the provider with PKCE, state and nonce kept in a sealed HttpOnly cookie', async () => {
    const browser = t.visitor();
    const response = await startLogin(browser, 'platform=douyin&service=/my/favorite');
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(provider.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'melon-test',
      response_type: 'code',
      redirect_uri: CALLBACK,
      scope: 'openid profile phone',
      code_challenge_method: 'S256',
    });
    for (const name of ['code_challenge', 'state', 'nonce']) {
      expect(location.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    }
    const flow = cookieOf(response, FLOW_COOKIE);
    expect(flow).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/passport/auth/callback/',
      maxAge: 600,
    });
    // Sealed: neither the verifier nor the state can be read from it.
    const state = location.searchParams.get('state') ?? '';
    expect(Buffer.from(flow?.value ?? '', 'base64url').toString('latin1')).not.toContain(state);
  });
});

describe('GET /passport/auth/callback/:platform', () => {
  it('creates an account for a new platform account, binds it and signs in', async () => {
    const login = providerAccount({ name: '抖音新人' });
    const { response } = await signIn(login, t.visitor(), '/my/favorite?tab=1');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/my/favorite?tab=1');
    expect(cookieOf(response, FLOW_COOKIE)?.value).toBe('');
    const userId = await signedInUser(response);
    expect(userId).toMatch(/^[1-9]\d{18}$/);
    expect(await identityOf(login)).toEqual({ user_id: userId, display_name: '抖音新人' });
    expect(await mobileOf(userId ?? '')).toBeNull();
  });

  it('signs a bound platform account in as its account, keeping its name fresh', async () => {
    const login = providerAccount({ name: '老用户' });
    const first = await signedInUser((await signIn(login)).response);
    accounts[login] = { name: '老用户改名了' };
    const users = await t.db.selectFrom('users').select('id').execute();

    const { response } = await signIn(login);
    expect(await signedInUser(response)).toBe(first);
    expect(response.headers.location).toBe('/');
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
    expect((await identityOf(login))?.display_name).toBe('老用户改名了');
  });

  it('creates the account with the mobile number the provider vouches for', async () => {
    const mobile = newMobile();
    const login = providerAccount({ name: '带手机号', phoneNumber: `+86${mobile}` });
    const userId = await signedInUser((await signIn(login)).response);
    expect(await mobileOf(userId ?? '')).toBe(mobile);
  });

  it('binds to the account owning a verified mobile number only after an SMS code to it', async () => {
    const mobile = newMobile();
    const owner = await createAccount(t.db, t.newId, { mobile });
    const login = providerAccount({ name: '手机号用户', phoneNumber: `+86${mobile}` });
    const { response, browser } = await signIn(login, t.visitor(), '/my/favorite');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/passport/bind-verify');
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
    expect(await identityOf(login)).toBeUndefined();
    const verifying = withCookie(browser, response, VERIFY_COOKIE);

    const page = await t.app.inject({
      url: getBindVerification.path,
      headers: { cookie: verifying.cookie },
    });
    expect(page.json<{ data: BindVerification }>().data).toEqual({
      platform: 'douyin',
      incoming_name: '手机号用户',
      mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
    });
    // A wrong code: refused as an SMS sign-in refuses it, nothing bound, the check still pending.
    await sendVerifyCode(verifying);
    const code = await lastCode(t, 'sms', mobile);
    const wrong = await confirmVerify(verifying, code === '000000' ? '000001' : '000000');
    expect(wrong.json()).toMatchObject({ code: 400, field: 'code' });
    expect(await identityOf(login)).toBeUndefined();

    const right = await confirmVerify(verifying, code);
    expect(right.json<{ data: BindVerified }>().data).toEqual({
      signed_in: true,
      next: '/my/favorite',
    });
    expect(await signedInUser(right)).toBe(owner);
    expect(await identityOf(login)).toMatchObject({ user_id: owner });
    expect(cookieOf(right, VERIFY_COOKIE)?.value).toBe('');
  });

  it.each([
    ['missing', 'omit' as const],
    ['false', false],
  ])(
    'never signs in as the owner of a number whose verified claim is %s: a new account without it',
    async (_kind, phoneNumberVerified) => {
      const mobile = newMobile();
      const owner = await createAccount(t.db, t.newId, { mobile });
      const login = providerAccount({
        name: '未验证手机号',
        phoneNumber: `+86${mobile}`,
        phoneNumberVerified,
      });
      const { response } = await signIn(login);
      const userId = await signedInUser(response);
      expect(userId).not.toBeNull();
      expect(userId).not.toBe(owner);
      expect(await mobileOf(userId ?? '')).toBeNull();
      expect(await identityOf(login)).toMatchObject({ user_id: userId });
    },
  );

  it('has no pending check for another browser, and none after it is used', async () => {
    const mobile = newMobile();
    await createAccount(t.db, t.newId, { mobile });
    const login = providerAccount({ name: '别人的浏览器', phoneNumber: `+86${mobile}` });
    const { response, browser } = await signIn(login);
    const verifying = withCookie(browser, response, VERIFY_COOKIE);
    const other = t.visitor();
    const stolen = {
      ...other,
      cookie: `${other.cookie}; ${VERIFY_COOKIE}=${cookieOf(response, VERIFY_COOKIE)?.value ?? ''}`,
      headers: {
        ...other.headers,
        cookie: `${other.cookie}; ${VERIFY_COOKIE}=${cookieOf(response, VERIFY_COOKIE)?.value ?? ''}`,
      },
    };
    for (const visitor of [other, stolen]) {
      const sent = await sendVerifyCode(visitor);
      expect(sent.statusCode).toBe(404);
      expect(sent.json()).toMatchObject({ message: '没有待验证的第三方登录，请重新登录' });
    }
    expect((await sendVerifyCode(verifying)).statusCode).toBe(200);
  });

  it('goes back only to this site: anything else falls back to /', async () => {
    const login = providerAccount({ name: '跳转测试' });
    const cases: [string, string][] = [
      ['https://evil.example/steal', '/'],
      ['//evil.example/steal', '/'],
      ['/\\evil.example', '/'],
      ['http://localhost//evil.example', '/'],
      ['/.//evil.example', '/'],
      ['/%2F%2Fevil.example', '/'],
      ['javascript:alert(1)', '/'],
      ['http://localhost/user-center/?a=1#top', '/user-center/?a=1#top'],
      ['/search/西瓜', '/search/%E8%A5%BF%E7%93%9C'],
    ];
    for (const [service, expected] of cases) {
      const { response } = await signIn(login, t.visitor(), service);
      expect({ service, location: response.headers.location }).toEqual({
        service,
        location: expected,
      });
    }
  });

  it('sends a callback without its sealed cookie, from another browser, for another platform or replayed to the sign-on page', async () => {
    const login = providerAccount({ name: '回调测试' });
    const browser = t.visitor();
    const start = await startLogin(browser, 'platform=douyin&service=/my/favorite');
    const flow = cookieOf(start, FLOW_COOKIE)?.value ?? '';
    const callback = new URL(
      await signInAtTestProvider(String(start.headers.location), login, CALLBACK),
    );
    const path = callback.pathname + callback.search;
    const call = (cookie: string) => t.app.inject({ url: path, headers: { cookie } });
    const stale = '登录已超时或已在其他页面完成，请重新登录';

    // Without a flow this browser can open, where it was going is unknown: the home page.
    for (const cookie of [
      browser.cookie,
      `${t.visitor().cookie}; ${FLOW_COOKIE}=${flow}`,
      `${browser.cookie}; ${FLOW_COOKIE}=${flow.slice(0, -2)}AA`,
    ]) {
      expectSignOnPage(await call(cookie), stale);
    }
    const wrongPlatform = await t.app.inject({
      url: path.replace('/douyin', '/weixin'),
      headers: { cookie: `${browser.cookie}; ${FLOW_COOKIE}=${flow}` },
    });
    expectSignOnPage(wrongPlatform, stale, '/my/favorite');

    const accepted = await call(`${browser.cookie}; ${FLOW_COOKIE}=${flow}`);
    expect(await signedInUser(accepted)).not.toBeNull();
    // The cookie is cleared; a copy of it cannot spend the code twice either.
    const replayed = await call(`${browser.cookie}; ${FLOW_COOKIE}=${flow}`);
    expectSignOnPage(replayed, '抖音登录失败，请重新登录', '/my/favorite');
  });

  it('still answers 400 to a platform Melon does not know', async () => {
    const response = await t.app.inject({ url: '/passport/auth/callback/weibo?code=x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, field: 'platform' });
  });

  it('signs nobody in when the user cancels at the provider', async () => {
    const users = await t.db.selectFrom('users').select('id').execute();
    const { response } = await signIn(null, t.visitor(), '/channel/meishi');
    expectSignOnPage(response, '你已取消授权，未登录', '/channel/meishi');
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
  });

  it('leaves the session of a signed-in browser as it is when the sign-in fails', async () => {
    const userId = await createAccount(t.db, t.newId, {});
    const browser = await t.signedIn(userId);
    const { response } = await signIn(null, browser);
    expectSignOnPage(response, '你已取消授权，未登录');
    const config = await t.app.inject({
      url: getGlobalConfig.path,
      headers: { cookie: browser.cookie },
    });
    expect(config.json<{ data: { id: string | null } }>().data.id).toBe(userId);
  });
});

describe('a provider gone between sign-in and callback', () => {
  let gone: TestOidcProvider;
  let app: TestApp;

  beforeAll(async () => {
    gone = await startTestOidcProvider({
      clients: [{ clientId: 'melon-gone', clientSecret: 'gone-secret', redirectUris: [CALLBACK] }],
      accounts: { leaver: { name: '走了' } },
    });
    app = await createTestApp({
      oauthProviders: [
        {
          platform: 'douyin',
          issuer: gone.issuer,
          clientId: 'melon-gone',
          clientSecret: 'gone-secret',
        },
      ],
    });
  });
  afterAll(async () => {
    await app.close();
    await gone.close().catch(() => undefined); // closed by the test unless it failed early
  });

  it('sends the browser to the sign-on page: the service is unavailable', async () => {
    const browser = app.visitor();
    const start = await app.app.inject({
      url: `${oauthLogin.path}?platform=douyin&service=/search/x`,
      headers: { cookie: browser.cookie },
    });
    const flow = cookieOf(start, FLOW_COOKIE)?.value ?? '';
    const callback = new URL(
      await signInAtTestProvider(String(start.headers.location), 'leaver', CALLBACK),
    );
    // The code cannot be exchanged: nothing answers at the provider any more.
    await gone.close();
    const response = await app.app.inject({
      url: callback.pathname + callback.search,
      headers: { cookie: `${browser.cookie}; ${FLOW_COOKIE}=${flow}` },
    });
    expectSignOnPage(response, '抖音登录服务暂时不可用，请稍后重试', '/search/x');
  });
});

describe('bind conflict', () => {
  /** An account with a mobile number, bound to one douyin account; another douyin account with the same number. */
  async function conflictSetup() {
    const mobile = newMobile();
    const userId = await createAccount(t.db, t.newId, { mobile });
    const old = providerAccount({ name: '原来的抖音号' });
    await insertIdentity(
      t.db,
      { platform: 'douyin', subject: old, userId, displayName: '原来的抖音号' },
      Date.now(),
    );
    const incoming = providerAccount({ name: '新的抖音号', phoneNumber: `+86 ${mobile}` });
    const callback = await signIn(incoming, t.visitor(), '/channel/yingshi');
    expect(callback.response.headers.location).toBe('/passport/bind-verify');
    const { response, browser } = await verifyByCode(
      withCookie(callback.browser, callback.response, VERIFY_COOKIE),
      mobile,
    );
    const conflict = cookieOf(response, CONFLICT_COOKIE);
    const withConflict: Visitor = {
      ...browser,
      cookie: `${browser.cookie}; ${CONFLICT_COOKIE}=${conflict?.value ?? ''}`,
      headers: {
        ...browser.headers,
        cookie: `${browser.cookie}; ${CONFLICT_COOKIE}=${conflict?.value ?? ''}`,
      },
    };
    return { mobile, userId, old, incoming, response, conflict, browser: withConflict };
  }

  const describeConflict = (browser: Visitor) =>
    t.app.inject({ url: getBindConflict.path, headers: { cookie: browser.cookie } });

  const resolve = (browser: Visitor, choice: string) =>
    t.app.inject({
      method: 'POST',
      url: resolveBindConflict.path,
      headers: browser.headers,
      payload: { choice },
    });

  it('sends the browser to the bind-conflict page without signing in', async () => {
    const { response, conflict, browser, mobile } = await conflictSetup();
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: BindVerified }>().data).toEqual({
      signed_in: false,
      next: '/passport/bind-conflict',
    });
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
    expect(conflict).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 600 });

    const page = await describeConflict(browser);
    expect(page.json<{ data: BindConflict }>().data).toEqual({
      platform: 'douyin',
      bound_name: '原来的抖音号',
      incoming_name: '新的抖音号',
      mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
      service: '/channel/yingshi',
    });
  });

  it("'switch' binds the incoming account instead and signs in", async () => {
    const { userId, old, incoming, browser } = await conflictSetup();
    const response = await resolve(browser, 'switch');
    expect(response.statusCode).toBe(200);
    const account = response.json<{ data: AccountInfo }>().data;
    expect(account).toMatchObject({ user_id: userId, bound_platforms: ['douyin'] });
    expect(await signedInUser(response)).toBe(userId);
    expect(cookieOf(response, CONFLICT_COOKIE)?.value).toBe('');
    expect(await identityOf(incoming)).toMatchObject({ user_id: userId });
    expect(await identityOf(old)).toBeUndefined();
    // The incoming account now signs straight in.
    expect(await signedInUser((await signIn(incoming)).response)).toBe(userId);
  });

  it("'unbind' removes the old binding without signing in; the next sign-in binds", async () => {
    const { userId, old, incoming, browser, mobile } = await conflictSetup();
    const response = await resolve(browser, 'unbind');
    expect(response.json()).toEqual({ code: 200, message: 'success', data: null });
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
    expect(await identityOf(old)).toBeUndefined();
    expect(await identityOf(incoming)).toBeUndefined();

    const next = await signIn(incoming);
    expect(next.response.headers.location).toBe('/passport/bind-verify');
    const { response: verified } = await verifyByCode(
      withCookie(next.browser, next.response, VERIFY_COOKIE),
      mobile,
    );
    expect(await signedInUser(verified)).toBe(userId);
    expect(await identityOf(incoming)).toMatchObject({ user_id: userId });
  });

  it('refuses when the incoming account got bound elsewhere meanwhile', async () => {
    const { incoming, browser } = await conflictSetup();
    const elsewhere = await createAccount(t.db, t.newId, {});
    await insertIdentity(
      t.db,
      { platform: 'douyin', subject: incoming, userId: elsewhere, displayName: '' },
      Date.now(),
    );
    const response = await resolve(browser, 'switch');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: '该抖音账号已绑定其他账号，请重新登录' });
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
  });

  it('has nothing for a browser without a pending conflict, or with another browser’s', async () => {
    const { browser } = await conflictSetup();
    const other = t.visitor();
    const stolenCookie = browser.cookie.replace(`web_id=${browser.webId}`, `web_id=${other.webId}`);
    for (const cookie of [other.cookie, stolenCookie]) {
      const response = await t.app.inject({
        url: getBindConflict.path,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: '没有待处理的绑定冲突，请重新登录' });
    }
    expect((await resolve(other, 'switch')).statusCode).toBe(404);
  });

  it('checks the anti-forgery header and the choice', async () => {
    const { browser } = await conflictSetup();
    const forged = await t.app.inject({
      method: 'POST',
      url: resolveBindConflict.path,
      headers: { cookie: browser.cookie },
      payload: { choice: 'switch' },
    });
    expect(forged.statusCode).toBe(403);
    const bad = await resolve(browser, 'merge');
    expect(bad.json()).toMatchObject({ code: 400, field: 'choice' });
    // Neither touched the conflict.
    expect((await describeConflict(browser)).statusCode).toBe(200);
  });
});
