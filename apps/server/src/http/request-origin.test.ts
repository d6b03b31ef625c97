import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQrcode } from '@melon/shared/calls/passport.calls';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const countQrLogins = async () =>
  Number(
    (
      await t.db
        .selectFrom('qr_logins')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

// Found by the route fuzzer (routes-fuzz.test.ts): the site's origin is built from the Host
// header and, behind a trusted proxy, X-Forwarded-Proto/Host; a value that makes no origin
// threw inside `new URL` (500), after the scan-code row was written.
describe('a request whose headers make no origin of this site', () => {
  it.each([
    ['a forwarded scheme that is not http(s)', { 'x-forwarded-proto': 'br' }],
    ['a forwarded host with a space', { 'x-forwarded-host': 'a b' }],
    ['a forwarded host with a port out of range', { 'x-forwarded-host': 'evil.example:99999' }],
    ['a Host header with a space', { host: 'a b' }],
  ])('%s is a 400 in the envelope and writes nothing', async (_name, headers) => {
    const before = await countQrLogins();
    const response = await t.app.inject({
      method: 'GET',
      url: getQrcode.path,
      headers: { ...t.visitor().headers, ...headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, data: null });
    expect(response.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
    expect(await countQrLogins()).toBe(before);
  });

  it('a plain request still gets its code, on this origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: getQrcode.path,
      headers: t.visitor().headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { qrcode_url: string } }>().data.qrcode_url).toMatch(
      /^http:\/\/localhost(:80)?\/passport\/scan\?token=/,
    );
  });
});
