import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QrCheck, QrCode, QrScanResult } from '@melon/shared/contracts/passport';
import { checkQrconnect, getQrcode, scanQrcode } from '@melon/shared/calls/passport.calls';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { hashSecret } from '../../security/secret-token.ts';
import { SESSION_COOKIE } from '../../modules/session/session.plugin.ts';
import { createUser } from '../../testing/factories.ts';
import { freshIp, solveCaptcha } from '../../testing/passport.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { QR_TTL_MS } from './qr-login.service.ts';

let t: TestApp;
let phoneUser = '';
let otherUser = '';
beforeAll(async () => {
  t = await createTestApp();
  phoneUser = await createUser(t.db, t.newId, { name: '扫码的手机' });
  otherUser = await createUser(t.db, t.newId, { name: '另一部手机' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

async function getQrCode(browser: Visitor) {
  const response = await t.app.inject({
    url: getQrcode.path,
    headers: { cookie: browser.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: QrCode }>().data;
}

async function check(browser: Visitor, token: string) {
  const response = await t.app.inject({
    url: `${checkQrconnect.path}?token=${token}`,
    headers: { cookie: browser.cookie },
  });
  return {
    status: response.statusCode,
    body: response.json<{ code: number; message: string; data: QrCheck | null }>(),
    sessionCookie: response.cookies.find((cookie) => cookie.name === SESSION_COOKIE),
  };
}

/** A phone's move; a confirm says the phone's user checked the requesting device, unless told. */
async function scan(
  phone: Visitor,
  token: string,
  action: 'scan' | 'confirm' | 'cancel',
  extra: Record<string, unknown> = action === 'confirm' ? { device_checked: true } : {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: scanQrcode.path,
    headers: phone.headers,
    payload: { token, action, ...extra },
  });
  return {
    status: response.statusCode,
    body: response.json<{ code: number; message: string; data: QrScanResult | null }>(),
  };
}

const signedInAs = async (sessionToken: string) => {
  const response = await t.app.inject({
    url: getGlobalConfig.path,
    headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` },
  });
  return response.json<{ data: { id: string | null } }>().data.id;
};

describe('scan-code login', () => {
  it('hands out a fresh code as an SVG with the scan address, stored only hashed', async () => {
    const browser = t.visitor();
    const code = await getQrCode(browser);
    expect(code.token).toMatch(/^[\w-]{43}$/);
    expect(code.qrcode_url).toBe(`http://localhost/passport/scan?token=${code.token}`);
    expect(code.qrcode_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(code.expire_in).toBe(120);
    expect((await getQrCode(browser)).token).not.toBe(code.token);

    const row = await t.db
      .selectFrom('qr_logins')
      .selectAll()
      .where('token_hash', '=', hashSecret(code.token))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'new', web_id: browser.webId, user_id: null });
    expect(row.expires_at - row.created_at).toBe(QR_TTL_MS);
    const raw = await t.db.selectFrom('qr_logins').select('token_hash').execute();
    expect(raw.some((r) => r.token_hash === code.token)).toBe(false);
  });

  it('signs the showing browser in once the signed-in phone scans and confirms', async () => {
    const browser = t.visitor();
    const phone = await t.signedIn(phoneUser);
    const { token } = await getQrCode(browser);

    expect((await check(browser, token)).body.data).toEqual({ status: 'new', account: null });
    expect(await scan(phone, token, 'scan')).toMatchObject({
      status: 200,
      body: { code: 200, data: { status: 'scanned' } },
    });
    const scanned = await check(browser, token);
    expect(scanned.body.data).toEqual({ status: 'scanned', account: null });
    expect(scanned.sessionCookie).toBeUndefined();

    expect((await scan(phone, token, 'confirm')).body.data).toEqual({ status: 'confirmed' });
    const confirmed = await check(browser, token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data?.status).toBe('confirmed');
    expect(confirmed.body.data?.account).toMatchObject({ user_id: phoneUser, name: '扫码的手机' });
    expect(confirmed.sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await signedInAs(confirmed.sessionCookie?.value ?? '')).toBe(phoneUser);
  });

  it('never signs in twice with one code', async () => {
    const browser = t.visitor();
    const phone = await t.signedIn(phoneUser);
    const { token } = await getQrCode(browser);
    await scan(phone, token, 'scan');
    await scan(phone, token, 'confirm');
    expect((await check(browser, token)).sessionCookie).toBeDefined();

    const again = await check(browser, token);
    expect(again.body.data).toEqual({ status: 'expired', account: null });
    expect(again.sessionCookie).toBeUndefined();
    expect((await scan(phone, token, 'confirm')).status).toBe(409);
  });

  it('gives another browser polling the token nothing, not even the status', async () => {
    const browser = t.visitor();
    const stranger = t.visitor();
    const phone = await t.signedIn(phoneUser);
    const { token } = await getQrCode(browser);
    await scan(phone, token, 'scan');
    await scan(phone, token, 'confirm');

    const stolen = await check(stranger, token);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ code: 404, data: null });
    expect(stolen.sessionCookie).toBeUndefined();
    // The browser that showed the code still collects its session.
    expect((await check(browser, token)).body.data?.account?.user_id).toBe(phoneUser);
  });

  it('expires a code after 120 seconds, whatever its state', async () => {
    const browser = t.visitor();
    const phone = await t.signedIn(phoneUser);
    const { token } = await getQrCode(browser);
    await scan(phone, token, 'scan');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + QR_TTL_MS - 1000);
    expect((await check(browser, token)).body.data?.status).toBe('scanned');
    vi.setSystemTime(Date.now() + 1000);
    expect((await check(browser, token)).body.data).toEqual({ status: 'expired', account: null });
    const late = await scan(phone, token, 'confirm');
    expect(late).toMatchObject({
      status: 409,
      body: { message: '二维码已过期，请刷新后重新扫码' },
    });
    expect((await check(browser, token)).sessionCookie).toBeUndefined();
  });

  it('lets the phone cancel, which expires the code', async () => {
    const browser = t.visitor();
    const phone = await t.signedIn(phoneUser);
    const { token } = await getQrCode(browser);
    await scan(phone, token, 'scan');
    expect((await scan(phone, token, 'cancel')).body.data).toEqual({ status: 'expired' });
    expect((await check(browser, token)).body.data?.status).toBe('expired');
    expect((await scan(phone, token, 'scan')).status).toBe(409);
  });

  it('refuses wrong moves with a clear message', async () => {
    const browser = t.visitor();
    const phone = await t.signedIn(phoneUser);
    const otherPhone = await t.signedIn(otherUser);
    const { token } = await getQrCode(browser);

    expect(await scan(phone, token, 'confirm')).toMatchObject({
      status: 409,
      body: { code: 409, message: '请先扫描二维码', data: null },
    });
    await scan(phone, token, 'scan');
    // Scanning again from the same phone (a reload) is harmless.
    expect((await scan(phone, token, 'scan')).body.data).toMatchObject({ status: 'scanned' });
    for (const action of ['scan', 'confirm', 'cancel'] as const) {
      expect(await scan(otherPhone, token, action)).toMatchObject({
        status: 409,
        body: { message: '二维码已被其他账号扫描' },
      });
    }
    await scan(phone, token, 'confirm');
    expect((await scan(phone, token, 'confirm')).body.message).toBe('已确认登录，无需重复操作');
    expect((await scan(phone, 'no-such-token', 'scan')).status).toBe(404);
  });

  it('needs a signed-in phone, the anti-forgery header and a valid body to scan', async () => {
    const { token } = await getQrCode(t.visitor());
    const signedOut = await scan(t.visitor(), token, 'scan');
    expect(signedOut).toMatchObject({ status: 401, body: { code: 401, message: '请先登录' } });

    const phone = await t.signedIn(phoneUser);
    const forged = await t.app.inject({
      method: 'POST',
      url: scanQrcode.path,
      headers: { cookie: phone.cookie },
      payload: { token, action: 'scan' },
    });
    expect(forged.statusCode).toBe(403);

    const bad = await scan(phone, token, 'approve' as 'scan');
    expect(bad).toMatchObject({ status: 400, body: { field: 'action' } });
    const row = await t.db
      .selectFrom('qr_logins')
      .select('status')
      .where('token_hash', '=', hashSecret(token))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('new');
  });

  it('answers 404 for an unknown token and 400 without one', async () => {
    const browser = t.visitor();
    expect((await check(browser, 'unknown')).status).toBe(404);
    const missing = await t.app.inject({
      url: checkQrconnect.path,
      headers: { cookie: browser.cookie },
    });
    expect(missing.json()).toMatchObject({ code: 400, field: 'token' });
  });

  it('asks for a captcha from an address over 240 status polls a minute; new codes count apart', async () => {
    const ip = freshIp();
    const browser = t.visitor();
    const { token } = await getQrCode(browser);
    const poll = (headers: Record<string, string> = {}) =>
      t.app.inject({
        url: `${checkQrconnect.path}?token=${token}`,
        headers: { cookie: browser.cookie, ...headers },
        remoteAddress: ip,
      });
    for (let i = 0; i < 240; i += 1) expect((await poll()).statusCode).toBe(200);
    const burst = await poll();
    expect(burst.statusCode).toBe(403);
    expect(burst.headers['x-captcha-required']).toBe('1');
    expect(burst.json()).toMatchObject({ message: '操作过于频繁，请完成安全验证' });

    // Polling spends its own bucket: the same address still gets a new code.
    const code = await t.app.inject({
      url: getQrcode.path,
      headers: { cookie: browser.cookie },
      remoteAddress: ip,
    });
    expect(code.statusCode).toBe(200);
    // A solved captcha carries one poll past the limit.
    const solved = await poll({ 'x-captcha-solution': await solveCaptcha(t) });
    expect(solved.statusCode).toBe(200);
    expect(solved.json()).toMatchObject({ data: { status: 'new' } });
  });
});

describe('the requesting device', () => {
  const CHROME_ON_WINDOWS =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36';

  async function codeFrom(browser: Visitor, remoteAddress: string, userAgent = CHROME_ON_WINDOWS) {
    const response = await t.app.inject({
      url: getQrcode.path,
      headers: { cookie: browser.cookie, 'user-agent': userAgent },
      remoteAddress,
    });
    return response.json<{ data: QrCode }>().data.token;
  }

  it('shows the phone the browser, system and place of the browser asking to sign in', async () => {
    const phone = await t.signedIn(phoneUser);
    const local = await codeFrom(t.visitor(), '127.0.0.1');
    expect((await scan(phone, local, 'scan')).body.data).toEqual({
      status: 'scanned',
      device: { browser: 'Chrome 120', os: 'Windows', place: '本地网络' },
    });
    const remote = await codeFrom(t.visitor(), '203.0.113.7', 'curl/8.4.0');
    expect((await scan(phone, remote, 'scan')).body.data).toEqual({
      status: 'scanned',
      device: { browser: '未知浏览器', os: '未知系统', place: '203.0.113.*' },
    });
  });

  it('refuses a confirm that does not say the device was checked, changing nothing', async () => {
    const browser = t.visitor();
    const phone = await t.signedIn(phoneUser);
    const token = await codeFrom(browser, '10.9.8.7');
    await scan(phone, token, 'scan');
    for (const extra of [{}, { device_checked: false }]) {
      const refused = await scan(phone, token, 'confirm', extra);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 400,
        message: '请先核对请求登录的设备，确认是你本人在登录',
        data: null,
      });
      expect((await check(browser, token)).body.data).toEqual({ status: 'scanned', account: null });
    }
    expect((await scan(phone, token, 'confirm')).body.data).toEqual({ status: 'confirmed' });
  });
});
