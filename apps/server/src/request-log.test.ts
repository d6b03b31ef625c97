import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

// Every secret a request can carry, each unique so a leak anywhere in the log is found.
const SECRETS = {
  refreshToken: 'REFRESH-7f3a9c',
  scanToken: 'SCAN-5b8d21',
  oauthCode: 'OAUTHCODE-91c2',
  oauthState: 'OAUTHSTATE-44e0',
  password: 'PASSWORD-a1b2c3d4',
  captcha: 'CAPTCHA-6d7e',
  sessionCookie: 'SESSION-0c9d8e',
  bearer: 'BEARER-3f2e1d',
  csrf: 'CSRF-8a7b6c',
  mediaSig: 'MEDIASIG-2b3c4d',
  code: 'SMSCODE-135790',
};

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ logStream });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('carry no token, code, password, captcha answer, cookie or media signature', async () => {
    const visitor = t.visitor();
    const headers = {
      ...visitor.headers,
      cookie: `${visitor.cookie}; melon_session=${SECRETS.sessionCookie}`,
      authorization: `Bearer ${SECRETS.bearer}`,
      'x-csrf-token': SECRETS.csrf,
    };
    const requests = [
      `/api/videov2/getVideoResourceByRefreshToken?refreshToken=${SECRETS.refreshToken}`,
      `/passport/web/check_qrconnect/?token=${SECRETS.scanToken}`,
      `/passport/auth/callback/?code=${SECRETS.oauthCode}&state=${SECRETS.oauthState}`,
      `/passport/auth/callback/?STATE=${SECRETS.oauthState}&Code=${SECRETS.oauthCode}`,
      `/media/s/4102444800/${SECRETS.mediaSig}/v/7300000000000000001/p1/init.mp4`,
      `/media-backup/s/4102444800/${SECRETS.mediaSig}/v/7300000000000000001/p1/init.mp4`,
    ];
    for (const url of requests) await t.app.inject({ url, headers });
    await t.app.inject({
      method: 'POST',
      url: `/passport/web/user/login/?captcha=${SECRETS.captcha}`,
      headers,
      payload: { account: '13800138000', password: SECRETS.password },
    });
    await t.app.inject({
      method: 'POST',
      url: '/passport/web/sms_login/',
      headers,
      payload: { mobile: '13800138000', code: SECRETS.code },
    });

    const log = lines.join('\n');
    // The requests were logged, with their paths and the harmless parts of their queries.
    expect(log).toContain('/api/videov2/getVideoResourceByRefreshToken?refreshToken=[redacted]');
    expect(log).toContain('/passport/auth/callback/?code=[redacted]&state=[redacted]');
    expect(log).toContain('/media/s/4102444800/[redacted]/v/7300000000000000001/p1/init.mp4');
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(log.includes(secret), `${name} in the log`).toBe(false);
    }
  });
});
