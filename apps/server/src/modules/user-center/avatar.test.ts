import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvatarUploaded } from '@melon/shared/contracts/user-center';
import { uploadAvatar } from '@melon/shared/calls/user-center.calls';
import { getAccountInfo } from '@melon/shared/calls/passport.calls';
import { multipartBody, pngHeaderOnly, type FilePart } from '../../testing/multipart.ts';
import { signInByCode } from '../../testing/passport.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 220, g: 40, b: 60 } },
  })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

type Part = Partial<FilePart> & { data: Buffer };

const multipart = (part: Part) =>
  multipartBody({ field: 'avatar', filename: 'avatar.png', contentType: 'image/png', ...part });

function upload(visitor: Visitor, part: Part, headers: Record<string, string> = visitor.headers) {
  const { payload, contentType } = multipart(part);
  return t.app.inject({
    method: 'POST',
    url: `${uploadAvatar.path}?aid=1768`,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

const avatarOf = async (userId: string): Promise<string> =>
  (
    await t.db
      .selectFrom('users')
      .select('avatar_url')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).avatar_url;

const mediaFile = (uri: string): string => path.join(t.dataDir, 'media', uri);

describe('POST /web/user/update/upload_avatar/', () => {
  it('stores a 256×256 WebP under media/avatars and answers its public URL', async () => {
    const { visitor, userId } = await signInByCode(t);
    const response = await upload(visitor, { data: png });
    expect(response.statusCode).toBe(200);
    const { avatar_url } = response.json<{ data: AvatarUploaded }>().data;
    expect(avatar_url).toMatch(new RegExp(`^/media/avatars/${userId}-[0-9]{19}\\.webp$`));

    const uri = await avatarOf(userId);
    expect(`/media/${uri}`).toBe(avatar_url);
    const stored = await sharp(readFileSync(mediaFile(uri))).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const served = await t.app.inject({ url: avatar_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const info = await t.app.inject({
      url: getAccountInfo.path,
      headers: { cookie: visitor.cookie },
    });
    expect(info.json()).toMatchObject({ data: { avatar_url } });
  });

  it('replaces the previous avatar file', async () => {
    const { visitor, userId } = await signInByCode(t);
    await upload(visitor, { data: png });
    const first = await avatarOf(userId);
    const jpeg = await sharp(png).jpeg().toBuffer();
    const response = await upload(visitor, {
      data: jpeg,
      filename: 'me.jpg',
      contentType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(200);
    const second = await avatarOf(userId);
    expect(second).not.toBe(first);
    expect(existsSync(mediaFile(first))).toBe(false);
    expect(existsSync(mediaFile(second))).toBe(true);
  });

  it.each([
    ['a text file named .png', () => Buffer.from('这不是图片，只是一段文字。\n'.repeat(20))],
    [
      'an SVG',
      () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>'),
    ],
    ['a truncated PNG', () => png.subarray(0, 80)],
  ])('refuses %s, keeping the avatar', async (_kind, data) => {
    const { visitor, userId } = await signInByCode(t);
    const response = await upload(visitor, { data: data() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: '文件不是有效的图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片',
      data: null,
      field: 'avatar',
    });
    expect(await avatarOf(userId)).toBe('');
  });

  it('refuses a picture declaring more than 50 megapixels without decoding it', async () => {
    const { visitor, userId } = await signInByCode(t);
    const response = await upload(visitor, { data: pngHeaderOnly(10_000, 10_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: '图片尺寸过大，请上传 5000 万像素以内的图片',
      field: 'avatar',
    });
    expect(await avatarOf(userId)).toBe('');
  });

  it('refuses a file over 5 MB with 413, keeping the avatar', async () => {
    const { visitor, userId } = await signInByCode(t);
    const big = Buffer.concat([png, randomBytes(5 * 1024 * 1024)]);
    const response = await upload(visitor, { data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, message: '头像图片不能超过 5 MB', data: null });
    expect(await avatarOf(userId)).toBe('');
  });

  it('refuses a form without the avatar field, and a JSON body', async () => {
    const { visitor } = await signInByCode(t);
    const wrongField = await upload(visitor, { data: png, field: 'image' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ message: '请选择要上传的头像图片', field: 'avatar' });
    const json = await t.app.inject({
      method: 'POST',
      url: uploadAvatar.path,
      headers: visitor.headers,
      payload: { avatar: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ message: '请以表单（multipart/form-data）上传头像' });
  });

  it('answers 429 with the wait past 10 uploads a minute by one user, keeping the avatar', async () => {
    const { visitor, userId } = await signInByCode(t);
    for (let i = 0; i < 10; i += 1) {
      expect((await upload(visitor, { data: png })).statusCode).toBe(200);
    }
    const kept = await avatarOf(userId);
    const response = await upload(visitor, { data: png });
    expect(response.statusCode).toBe(429);
    const body = response.json<{ message: string; data: { retry_after: number } }>();
    expect(body.message).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    expect(body.data.retry_after).toBeGreaterThan(0);
    expect(response.headers['retry-after']).toBe(String(body.data.retry_after));
    expect(await avatarOf(userId)).toBe(kept);
    // The count is the user's: another user uploads as usual.
    const other = await signInByCode(t);
    expect((await upload(other.visitor, { data: png })).statusCode).toBe(200);
  });

  it('refuses visitors and uploads without the anti-forgery token', async () => {
    const anonymous = await upload(t.visitor(), { data: png });
    expect(anonymous.statusCode).toBe(401);
    const { visitor, userId } = await signInByCode(t);
    const forged = await upload(visitor, { data: png }, { cookie: visitor.cookie });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 1, errno: 1 });
    expect(await avatarOf(userId)).toBe('');
  });
});
