import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import type { FeedbackImageUploaded, FeedbackPosted } from '@melon/shared/contracts/feedback';
import { postFeedback, uploadFeedbackImage } from '@melon/shared/calls/feedback.calls';
import { createUser } from '../../testing/factories.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

/*
 * The feedback form (decision 060) through real HTTP, sharp, the disk and the database: a
 * visitor's and a user's message stored with its screenshots and client fields; every refusal
 * (forged, not multipart, malformed, oversize, too many or someone else's screenshots, past the
 * limits) storing nothing.
 */

const UPLOAD = uploadFeedbackImage.path;
const POST = postFeedback.path;
let t: TestApp;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/** Each request from an address of its own unless told: the limits have tests of their own. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/** A multipart body of text fields, as the page's FormData sends them. */
function fieldsBody(fields: Record<string, string>): { payload: Buffer; contentType: string } {
  const boundary = `----melon${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(visitor: Visitor, data = png, remoteAddress = nextAddress()) {
  const { payload, contentType } = multipartBody({
    field: 'image',
    filename: 'screenshot.png',
    contentType: 'image/png',
    data,
  });
  return t.app.inject({
    method: 'POST',
    url: `${UPLOAD}?aid=1768`,
    headers: { ...visitor.headers, 'content-type': contentType },
    payload,
    remoteAddress,
  });
}

async function uploaded(visitor: Visitor): Promise<string> {
  const res = await upload(visitor);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: FeedbackImageUploaded }>().data.uri;
}

const form = (fields: Record<string, string> = {}): Record<string, string> => ({
  category: 'play',
  description: '视频播放到一半就卡住不动了',
  contact: '',
  image_uris: '',
  app_name: 'video_ixigua',
  aid: '1768',
  version_code: '2.11.0-1',
  language: 'zh-CN',
  network_type: '4g',
  os_version: 'Windows 10',
  device_type: 'pc',
  web_url: 'http://localhost/video/1',
  web_ua: 'Mozilla/5.0',
  ...fields,
});

function post(
  visitor: Visitor,
  fields: Record<string, string>,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  const { payload, contentType } = fieldsBody(fields);
  return t.app.inject({
    method: 'POST',
    url: `${POST}?aid=1768`,
    headers: { ...visitor.headers, 'content-type': contentType, ...options.headers },
    payload,
    remoteAddress: options.remoteAddress ?? nextAddress(),
  });
}

const storedFiles = (): number => {
  try {
    return readdirSync(path.join(t.dataDir, 'media', 'private', 'feedback-images')).length;
  } catch {
    return 0;
  }
};

/** Messages, attached screenshots and files now; a refusal leaves all three as they were. */
async function snapshot() {
  const messages = await t.db.selectFrom('feedback').select('id').execute();
  const attached = await t.db
    .selectFrom('feedback_images')
    .select('id')
    .where('feedback_id', 'is not', null)
    .execute();
  return { messages: messages.length, attached: attached.length, files: storedFiles() };
}

async function refused(request: () => Promise<LightMyRequestResponse>, status: number) {
  const before = await snapshot();
  const res = await request();
  expect(res.statusCode).toBe(status);
  expect(await snapshot()).toEqual(before);
  return res.json<{ code: number; message: string; field?: string; data: null }>();
}

describe('posting feedback', () => {
  it('stores a visitor’s message with its screenshots in order and the client fields', async () => {
    const visitor = t.visitor();
    const first = await uploaded(visitor);
    const second = await uploaded(visitor);
    const res = await post(
      visitor,
      form({ image_uris: `${second},${first}`, contact: 'me@example.com', web_id: visitor.webId }),
    );
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ data: FeedbackPosted }>().data;
    const row = await t.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: null,
      web_id: visitor.webId,
      category: 'play',
      description: '视频播放到一半就卡住不动了',
      contact: 'me@example.com',
      state: 'open',
    });
    expect(JSON.parse(row.client)).toMatchObject({
      version_code: '2.11.0-1',
      network_type: '4g',
      os_version: 'Windows 10',
      web_id: visitor.webId,
    });
    const images = await t.db
      .selectFrom('feedback_images')
      .select(['uri', 'position'])
      .where('feedback_id', '=', id)
      .orderBy('position')
      .execute();
    expect(images).toEqual([
      { uri: second, position: 0 },
      { uri: first, position: 1 },
    ]);
  });

  it('records the signed-in sender, and the system off the User-Agent when left out', async () => {
    const userId = await createUser(t.db, t.newId);
    const user = await t.signedIn(userId);
    const res = await post(
      user,
      form({
        category: 'suggestion',
        description: '希望增加倍速播放',
        os_version: '',
        web_ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36',
      }),
    );
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ data: FeedbackPosted }>().data;
    const row = await t.db
      .selectFrom('feedback')
      .select(['user_id', 'category', 'client'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: userId, category: 'suggestion' });
    // Left out by the page: read off the User-Agent it sent.
    expect(JSON.parse(row.client)).toMatchObject({ os_version: 'Android 14' });
  });

  it('answers 403 to a forged request, and stores nothing', async () => {
    const body = await refused(
      () => post(t.visitor(), form(), { headers: { [CSRF_HEADER]: 'forged' } }),
      403,
    );
    expect(body).toMatchObject({ code: 1, data: null });
  });

  it('refuses a body that is not multipart', async () => {
    const visitor = t.visitor();
    const body = await refused(
      () =>
        t.app.inject({
          method: 'POST',
          url: POST,
          headers: visitor.headers,
          payload: form(),
          remoteAddress: nextAddress(),
        }),
      400,
    );
    expect(body.message).toBe('请以表单（multipart/form-data）提交反馈');
  });

  it.each([
    ['category', { category: 'spam' }, '请选择反馈类型'],
    ['description', { description: '卡' }, '请描述你遇到的问题，至少 5 个字'],
    ['description', { description: '   卡顿了  ' }, '请描述你遇到的问题，至少 5 个字'],
    ['description', { description: '卡'.repeat(501) }, '问题描述最多 500 个字'],
    [
      'description',
      { description: '卡住了\u202e不动了' },
      '问题描述不能包含零宽字符、文字方向控制符或其他控制字符',
    ],
    ['contact', { contact: '12345' }, '请填写正确的手机号或邮箱'],
    ['web_ua', { web_ua: 'x'.repeat(513) }, '客户端信息无效，请刷新页面后重试'],
  ])('refuses a malformed %s with 400 in Chinese', async (field, fields, message) => {
    const body = await refused(() => post(t.visitor(), form(fields)), 400);
    expect(body).toMatchObject({ code: 400, field, message });
  });

  it('refuses a form without a category', async () => {
    const withoutCategory: Record<string, string> = form();
    delete withoutCategory.category;
    const body = await refused(() => post(t.visitor(), withoutCategory), 400);
    expect(body).toMatchObject({ field: 'category', message: '请选择反馈类型' });
  });

  it('refuses a form past its size with 413', async () => {
    const padding = Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [`pad${index}`, 'x'.repeat(2000)]),
    );
    const body = await refused(() => post(t.visitor(), form(padding)), 413);
    expect(body).toMatchObject({ code: 413, message: '请求体过大' });
  });

  it('refuses a file in the form itself, and an empty form, storing nothing', async () => {
    const visitor = t.visitor();
    const { payload, contentType } = multipartBody({
      field: 'image',
      filename: 'screenshot.png',
      contentType: 'image/png',
      data: Buffer.from('tiny'),
    });
    const withFile = await refused(
      () =>
        t.app.inject({
          method: 'POST',
          url: POST,
          headers: { ...visitor.headers, 'content-type': contentType },
          payload,
          remoteAddress: nextAddress(),
        }),
      413,
    );
    expect(withFile).toMatchObject({ code: 413, data: null, message: '请求体过大' });
    const empty = await refused(() => post(visitor, {}), 400);
    expect(empty).toMatchObject({ field: 'category', message: '请选择反馈类型' });
  });

  it('refuses more than three screenshots', async () => {
    const visitor = t.visitor();
    const uris: string[] = [];
    for (let index = 0; index < 4; index += 1) uris.push(await uploaded(visitor));
    const body = await refused(() => post(visitor, form({ image_uris: uris.join(',') })), 400);
    expect(body).toMatchObject({ field: 'image_uris', message: '截图最多 3 张' });
  });

  it('refuses a screenshot someone else uploaded, one already sent, or no screenshot at all', async () => {
    const owner = t.visitor();
    const uri = await uploaded(owner);
    const other = t.visitor();
    const someoneElses = await refused(() => post(other, form({ image_uris: uri })), 400);
    expect(someoneElses).toMatchObject({ field: 'image_uris', message: '截图无效，请重新上传' });
    expect((await post(owner, form({ image_uris: uri }))).statusCode).toBe(200);
    await refused(() => post(owner, form({ image_uris: uri })), 400);
    await refused(
      () => post(owner, form({ image_uris: 'private/feedback-images/1234567890123456.webp' })),
      400,
    );
    await refused(() => post(owner, form({ image_uris: '../etc/passwd' })), 400);
  });

  it('allows 5 messages in 10 minutes per visitor address, then answers 429 with the wait', async () => {
    const visitor = t.visitor();
    const address = '10.99.0.1';
    for (let index = 0; index < 5; index += 1) {
      expect((await post(visitor, form(), { remoteAddress: address })).statusCode).toBe(200);
    }
    const body = await refused(() => post(visitor, form(), { remoteAddress: address }), 429);
    expect(body.message).toMatch(/^反馈过于频繁，请 .+后再试$/);
  });

  it('counts each signed-in user on their own, and an address for all together', async () => {
    const address = '10.99.0.2';
    for (let user = 0; user < 4; user += 1) {
      const visitor = await t.signedIn(await createUser(t.db, t.newId));
      for (let index = 0; index < 5; index += 1) {
        expect((await post(visitor, form(), { remoteAddress: address })).statusCode).toBe(200);
      }
    }
    const fifth = await t.signedIn(await createUser(t.db, t.newId));
    await refused(() => post(fifth, form(), { remoteAddress: address }), 429);
  });
});

describe('uploading a screenshot', () => {
  it('stores it re-encoded as WebP, private: the public media route never serves it', async () => {
    const res = await upload(t.visitor());
    expect(res.statusCode).toBe(200);
    const { uri, width, height } = res.json<{ data: FeedbackImageUploaded }>().data;
    expect(uri).toMatch(/^private\/feedback-images\/\d+\.webp$/);
    expect({ width, height }).toEqual({ width: 300, height: 200 });
    expect(storedFiles()).toBeGreaterThan(0);
    for (const prefix of ['/media/', '/media-backup/']) {
      expect((await t.app.inject({ url: `${prefix}${uri}` })).statusCode).toBe(404);
    }
  });

  it('refuses something that is not a picture, and a forged request, storing nothing', async () => {
    const files = storedFiles();
    const notImage = await upload(t.visitor(), Buffer.from('not a picture at all'));
    expect(notImage.statusCode).toBe(400);
    const visitor = t.visitor();
    const forged = { ...visitor, headers: { ...visitor.headers, [CSRF_HEADER]: 'forged' } };
    expect((await upload(forged)).statusCode).toBe(403);
    expect(storedFiles()).toBe(files);
  });

  it('refuses a picture over 5 MB with 413', async () => {
    const res = await upload(t.visitor(), Buffer.concat([png, randomBytes(5 * 1024 * 1024)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, message: '图片不能超过 5 MB' });
  });

  it('allows 15 uploads in 10 minutes per visitor address, then answers 429', async () => {
    const visitor = t.visitor();
    for (let index = 0; index < 15; index += 1) {
      expect((await upload(visitor, png, '10.99.1.1')).statusCode).toBe(200);
    }
    expect((await upload(visitor, png, '10.99.1.1')).statusCode).toBe(429);
  });
});
