import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { getChannelByPinyin, getChannelList } from '@melon/shared/calls/channel.calls';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { getAccountInfo, sendSmsCode } from '@melon/shared/calls/passport.calls';
import { logEvents } from '@melon/shared/calls/tracking.calls';
import { updateUserInfo, uploadAvatar } from '@melon/shared/calls/user-center.calls';
import { freshIp, freshMobile, lastCode, signInByCode } from '../../testing/passport.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

/* The web client adds aid=1768 to every call (DESIGN §4); other clients add parameters of their own. */

const AID = 'aid=1768';
const UNKNOWN = '_signature=_02B4Z6wo00f01&msToken=x-y_z&utm_source=';
const FORM = 'application/x-www-form-urlencoded';

let t: TestApp;
let member: Visitor;
let memberId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ visitor: member, userId: memberId } = await signInByCode(t));
});
afterAll(() => t.close());

const withQuery = (url: string, query: string): string =>
  `${url}${url.includes('?') ? '&' : '?'}${query}`;

const nameOf = async (userId: string): Promise<string> =>
  (await t.db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow())
    .name;

describe('aid and unknown parameters on GET', () => {
  it.each([
    `${getFeedById.path}?channelId=1&count=5`,
    `${getFeedById.path}?channelId=1&offset=5&count=5`,
    getChannelList.path,
    `${getChannelByPinyin.path}?pinyin=meishi`,
    getGlobalConfig.path,
    getAccountInfo.path,
  ])('%s answers as it does without them', async (url) => {
    const get = (path: string) => t.app.inject({ url: path, headers: { cookie: member.cookie } });
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ code: 200, message: 'success' });
    for (const query of [AID, `${AID}&${UNKNOWN}`, UNKNOWN]) {
      const response = await get(withQuery(url, query));
      expect(response.statusCode, query).toBe(200);
      expect(response.json(), query).toEqual(plain.json());
    }
  });
});

describe('aid and unknown parameters on POST', () => {
  it('a JSON body, with aid in the query and in the body', async () => {
    const visitor = t.visitor();
    const response = await t.app.inject({
      method: 'POST',
      url: `${logEvents.path}?${AID}&${UNKNOWN}`,
      headers: visitor.headers,
      payload: { aid: 1768, r: true, d: [{ k: 'stay_page', v: '{"duration":5}' }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: 'success', data: { s: 1 } });
  });

  it('a signed-in JSON body changes the profile', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${updateUserInfo.path}?${AID}&${UNKNOWN}`,
      headers: member.headers,
      payload: { aid: 1768, description: '带着 aid 的简介' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 200,
      data: { user_id: memberId, description: '带着 aid 的简介' },
    });
  });

  it('a form body sends the code', async () => {
    const mobile = freshMobile();
    const response = await t.app.inject({
      method: 'POST',
      url: `${sendSmsCode.path}?${AID}&${UNKNOWN}`,
      headers: { ...t.visitor().headers, 'content-type': FORM },
      payload: new URLSearchParams({ mobile, type: 'login', aid: '1768', msToken: 'x' }).toString(),
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, message: 'success' });
    expect(await lastCode(t, 'sms', mobile)).toMatch(/^\d+$/);
  });

  it('a signed-in form body changes the name', async () => {
    const { visitor, userId } = await signInByCode(t);
    const response = await t.app.inject({
      method: 'POST',
      url: `${updateUserInfo.path}?${AID}&${UNKNOWN}`,
      headers: { ...visitor.headers, 'content-type': FORM },
      payload: new URLSearchParams({ name: '带参观众', aid: '1768', foo: 'bar' }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(await nameOf(userId)).toBe('带参观众');
  });

  it('a multipart body, with aid in the query and as a field before the file', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 160, b: 90 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('aid', '1768');
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const encoded = new Request('http://melon.test/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: `${uploadAvatar.path}?${AID}&${UNKNOWN}`,
      headers: { ...member.headers, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(response.statusCode).toBe(200);
    const { avatar_url } = response.json<{ data: { avatar_url: string } }>().data;
    const row = await t.db
      .selectFrom('users')
      .select('avatar_url')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(avatar_url).toBe(`/media/${row.avatar_url}`);
  });
});
