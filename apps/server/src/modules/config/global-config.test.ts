import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ID_COOKIE } from '@melon/shared/api/constants';
import type { GlobalConfig } from '@melon/shared/contracts/global-config';
import { isMixId } from '@melon/shared/ids/id-rules';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { logEvents } from '@melon/shared/calls/tracking.calls';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const config = (cookie?: string) =>
  t.app.inject({ url: `${getGlobalConfig.path}?aid=1768`, headers: cookie ? { cookie } : {} });

describe('GET /api/otherv2/global_config', () => {
  it('issues a web_id cookie on first visit and reports it as the identity', async () => {
    const response = await config();
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === WEB_ID_COOKIE);
    expect(cookie?.value).toBeDefined();
    expect(isMixId(cookie?.value ?? '')).toBe(true);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const data = response.json<{ data: GlobalConfig }>().data;
    expect(data).toMatchObject({
      id: null,
      webid: cookie?.value,
      isWebIdQualified: false,
      isLogin: false,
      siteConfig: { searchConfig: { switchHost: '' }, ssoConfig: { platform: 'melon' } },
    });
    expect(data.csrfToken.length).toBeGreaterThan(20);
  });

  it('keeps a known web_id and issues no new cookie', async () => {
    const { webId, cookie } = t.visitor();
    const response = await config(cookie);
    expect(response.cookies.find((c) => c.name === WEB_ID_COOKIE)).toBeUndefined();
    expect(response.json<{ data: GlobalConfig }>().data.webid).toBe(webId);
  });

  it('replaces a forged web_id with a fresh one', async () => {
    const response = await config(`${WEB_ID_COOKIE}=0123`);
    const cookie = response.cookies.find((c) => c.name === WEB_ID_COOKIE);
    expect(cookie?.value).not.toBe('0123');
    expect(response.json<{ data: GlobalConfig }>().data.webid).toBe(cookie?.value);
  });

  it('hands out a token that the anti-forgery check accepts', async () => {
    const { cookie } = t.visitor();
    const { csrfToken } = (await config(cookie)).json<{ data: GlobalConfig }>().data;
    const response = await t.app.inject({
      method: 'POST',
      url: logEvents.path,
      headers: { cookie, 'x-csrf-token': csrfToken },
      payload: { r: true, d: [{ k: 'go_detail', v: '{}' }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, data: { s: 1 } });
    const after = (await config(cookie)).json<{ data: GlobalConfig }>().data;
    expect(after.isWebIdQualified).toBe(true);
  });
});
