import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQrcode } from '@melon/shared/calls/passport.calls';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://www.melon.example/ignored/path' });
});
afterAll(async () => {
  await t.close();
});

/*
 * Decision 067: the site's origin is MELON_PUBLIC_URL (else the listen address), never a request
 * header. The route fuzzer once found headers that made no origin at all (500s after the
 * scan-code row was written); now no header is read for it, forged, odd or from a trusted proxy.
 */
describe('the address of the scan-code page', () => {
  it.each([
    ['a forged Host', { host: 'evil.example' }],
    ['a forwarded host from the trusted proxy', { 'x-forwarded-host': 'evil.example' }],
    ['a forwarded scheme that is not http(s)', { 'x-forwarded-proto': 'br' }],
    ['a forwarded host with a port out of range', { 'x-forwarded-host': 'evil.example:99999' }],
    ['a Host header with a space', { host: 'a b' }],
  ])('is on the site origin with %s', async (_name, headers) => {
    const response = await t.app.inject({
      method: 'GET',
      url: getQrcode.path,
      headers: { ...t.visitor().headers, ...headers },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { qrcode_url: string } }>().data.qrcode_url).toMatch(
      /^https:\/\/www\.melon\.example\/passport\/scan\?token=/,
    );
  });
});
