import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import {
  isCommentImageUri,
  type CommentImageUploaded,
} from '@melon/shared/contracts/comment-image';
import { uploadCommentImage } from '@melon/shared/calls/comment-image.calls';
import { createUser } from '../../testing/factories.ts';
import {
  multipartBody,
  PNG_SIGNATURE,
  pngChunk,
  pngHeaderOnly,
  type FilePart,
} from '../../testing/multipart.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { findAttachableCommentImage } from './image.service.ts';

/*
 * /spice/image?sk=xg_pc through real HTTP, sharp and the disk: what is stored is a re-encoded
 * WebP without metadata, and every refusal (signed out, forged, malformed, oversize, not an
 * image whatever its name says) leaves neither a row nor a file behind.
 */

let t: TestApp;
let png: Buffer;
const URL = `${uploadCommentImage.path}?sk=xg_pc&aid=1768`;
const NOT_IMAGE = '文件不是有效的图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片';

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({
    create: { width: 3000, height: 1000, channels: 3, background: { r: 30, g: 160, b: 90 } },
  })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

type Part = Partial<FilePart> & { data: Buffer };

function upload(visitor: Visitor, part: Part, options: { url?: string; headers?: object } = {}) {
  const { payload, contentType } = multipartBody({
    field: 'image',
    filename: 'picture.png',
    contentType: 'image/png',
    ...part,
  });
  return t.app.inject({
    method: 'POST',
    url: options.url ?? URL,
    headers: { ...visitor.headers, ...options.headers, 'content-type': contentType },
    payload,
  });
}

async function newUploader(): Promise<{ id: string; visitor: Visitor }> {
  const id = await createUser(t.db, t.newId);
  return { id, visitor: await t.signedIn(id) };
}

const storedFiles = (): string[] => {
  try {
    return readdirSync(path.join(t.dataDir, 'media', 'comment-images'));
  } catch {
    return [];
  }
};

/** Rows and files now; a refusal must leave both as they were. */
async function stored(): Promise<{ rows: number; files: number }> {
  const rows = await t.db.selectFrom('comment_images').select('id').execute();
  return { rows: rows.length, files: storedFiles().length };
}

describe('POST /spice/image?sk=xg_pc', () => {
  it('stores a WebP inside 2048 px and answers its uri and url with message success', async () => {
    const { id, visitor } = await newUploader();
    const response = await upload(visitor, { data: png });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ code: number; message: string; data: CommentImageUploaded }>();
    expect(body).toMatchObject({ code: 200, message: 'success' });
    const { uri, url, width, height } = body.data;
    expect(isCommentImageUri(uri)).toBe(true);
    expect(url).toBe(`/media/${uri}`);
    expect([width, height]).toEqual([2048, 683]);

    const file = readFileSync(path.join(t.dataDir, 'media', uri));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width, height });
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(file)).toBe(true);

    const row = await findAttachableCommentImage(t.db, uri, id);
    expect(row).toMatchObject({ uri, user_id: id, width, height, bytes: file.length });
  });

  it('keeps a small picture’s size and drops its metadata (EXIF, ICC)', async () => {
    const { visitor } = await newUploader();
    const jpeg = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#c33' },
    })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-place' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(visitor, {
      data: jpeg,
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    const { uri, width, height } = response.json<{ data: CommentImageUploaded }>().data;
    expect([width, height]).toEqual([320, 240]);
    const file = readFileSync(path.join(t.dataDir, 'media', uri));
    const metadata = await sharp(file).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(file.includes('secret-place')).toBe(false);
  });

  it('reads the type from the bytes: a PNG named .txt as text/plain is taken', async () => {
    const { visitor } = await newUploader();
    const response = await upload(visitor, {
      data: png,
      filename: 'notes.txt',
      contentType: 'text/plain',
    });
    expect(response.statusCode).toBe(200);
  });

  it('re-encodes a PNG/HTML/ZIP polyglot: none of the script or archive is kept', async () => {
    const { visitor } = await newUploader();
    const small = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#39f' },
    })
      .png()
      .toBuffer();
    const script = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([
      small.subarray(0, 33), // signature and IHDR
      pngChunk('tEXt', Buffer.from(`Comment\0${script}`, 'latin1')),
      small.subarray(33),
      Buffer.from(`PK\x03\x04${script}`, 'latin1'),
    ]);
    const response = await upload(visitor, { data: polyglot, filename: 'x.html' });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ data: CommentImageUploaded }>().data;
    const served = await t.app.inject({ url });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.includes('<script')).toBe(false);
    expect(served.rawPayload.includes('PK\x03\x04')).toBe(false);
  });

  it.each([
    ['text bytes named .png', () => Buffer.from('这不是图片，只是一段文字。\n'.repeat(20))],
    [
      'an SVG with a script',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
    ],
    [
      'an HTML page with a PNG after it (a polyglot led by markup)',
      () => Buffer.concat([Buffer.from('<!DOCTYPE html><script>alert(1)</script>'), png]),
    ],
    [
      'a PNG signature with garbage after it',
      () => Buffer.concat([PNG_SIGNATURE, randomBytes(400)]),
    ],
    ['a truncated PNG', () => png.subarray(0, 80)],
    ['an empty file', () => Buffer.alloc(0)],
  ])('refuses %s with 400 and stores nothing', async (_case, data) => {
    const { visitor } = await newUploader();
    const before = await stored();
    const response = await upload(visitor, { data: data() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: NOT_IMAGE, data: null, field: 'image' });
    expect(await stored()).toEqual(before);
  });

  it('refuses a picture declaring more than 50 megapixels without decoding it', async () => {
    const { visitor } = await newUploader();
    const before = await stored();
    const response = await upload(visitor, { data: pngHeaderOnly(10_000, 10_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: '图片尺寸过大，请上传 5000 万像素以内的图片',
      field: 'image',
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const { visitor } = await newUploader();
    const before = await stored();
    const big = Buffer.concat([png, randomBytes(5 * 1024 * 1024)]);
    const response = await upload(visitor, { data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, message: '图片不能超过 5 MB', data: null });
    expect(await stored()).toEqual(before);
  });

  it('refuses a form without the image field, a JSON body, and a missing or wrong sk', async () => {
    const { visitor } = await newUploader();
    const before = await stored();
    const wrongField = await upload(visitor, { data: png, field: 'avatar' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ message: '请选择要上传的图片', field: 'image' });
    const json = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: visitor.headers,
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ message: '请以表单（multipart/form-data）上传图片' });
    for (const url of [uploadCommentImage.path, `${uploadCommentImage.path}?sk=other`]) {
      const response = await upload(visitor, { data: png }, { url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, data: null });
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...visitor.headers, 'content-type': 'multipart/form-data; boundary=' },
      payload: 'garbage',
    });
    expect(broken.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('refuses visitors (401) and forged requests (403) before reading the file', async () => {
    const before = await stored();
    const anonymous = await upload(t.visitor(), { data: png });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 401, data: null });
    const { visitor } = await newUploader();
    const forged = await upload(visitor, { data: png }, { headers: { [CSRF_HEADER]: 'forged' } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 1, errno: 1 });
    expect(await stored()).toEqual(before);
  });

  it('answers 429 with the wait past 20 uploads a minute by one user', async () => {
    const { visitor } = await newUploader();
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    for (let i = 0; i < 20; i += 1) {
      expect((await upload(visitor, { data: tiny })).statusCode).toBe(200);
    }
    const before = await stored();
    const response = await upload(visitor, { data: tiny });
    expect(response.statusCode).toBe(429);
    expect(response.json<{ message: string }>().message).toMatch(/^图片上传过于频繁，请 .+后再试$/);
    expect(await stored()).toEqual(before);
  });
});

describe('findAttachableCommentImage', () => {
  it('finds a picture for its uploader only, and nothing for other strings', async () => {
    const { id, visitor } = await newUploader();
    const { uri } = (await upload(visitor, { data: png })).json<{ data: CommentImageUploaded }>()
      .data;
    const other = await createUser(t.db, t.newId);
    expect(await findAttachableCommentImage(t.db, uri, id)).toBeDefined();
    expect(await findAttachableCommentImage(t.db, uri, other)).toBeUndefined();
    for (const info of [
      '',
      '../avatars/1.webp',
      `/media/${uri}`,
      'comment-images/1234567890123456789.webp',
    ]) {
      expect(await findAttachableCommentImage(t.db, info, id)).toBeUndefined();
    }
  });
});
