import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { COMMENT_IMAGE_DIR } from '@melon/shared/contracts/comment-image';
import type { TortProofUploaded, TortReportList } from '@melon/shared/contracts/tort';
import { getMyTortReports, uploadTortProof } from '@melon/shared/calls/tort.calls';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createS3Storage } from '../../storage/s3-storage.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { multipartBody, pngHeaderOnly } from '../../testing/multipart.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { TORT_PROOF_DIR } from './tort-proof.service.ts';

/*
 * Private proof pictures of infringement claims (decision 055, "Private proofs") through real
 * HTTP, sharp, the disk and an S3 server: stored under private/, answered only to the
 * uploader's session (never cached), never by the public media routes; every refused upload
 * (signed out, forged, not an image, oversize, too many) stores nothing.
 */

const UPLOAD = `${uploadTortProof.path}?aid=1768`;
const NOT_IMAGE = '文件不是有效的图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片';

let t: TestApp;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({
    create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

function upload(
  app: TestApp,
  visitor: Visitor,
  data: Buffer,
  headers: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody({
    field: 'image',
    filename: 'licence.png',
    contentType: 'image/png',
    data,
  });
  return app.app.inject({
    method: 'POST',
    url: UPLOAD,
    headers: { ...visitor.headers, ...headers, 'content-type': contentType },
    payload,
  });
}

async function newUser(app: TestApp): Promise<{ id: string; visitor: Visitor }> {
  const id = await createUser(app.db, app.newId);
  return { id, visitor: await app.signedIn(id) };
}

async function uploaded(app: TestApp, visitor: Visitor): Promise<TortProofUploaded> {
  const response = await upload(app, visitor, png);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: TortProofUploaded }>().data;
}

/** Proof rows and files now; a refusal must leave both as they were. */
async function stored(): Promise<{ rows: number; files: number }> {
  const rows = await t.db.selectFrom('tort_proof_images').select('id').execute();
  const dir = path.join(t.dataDir, 'media', TORT_PROOF_DIR);
  return { rows: rows.length, files: existsSync(dir) ? readdirSync(dir).length : 0 };
}

describe('POST /api/otherv2/tort_proof', () => {
  it('stores a re-encoded WebP under private/ and answers its uri and private url', async () => {
    const { id, visitor } = await newUser(t);
    const proof = await uploaded(t, visitor);
    expect(proof.uri).toMatch(new RegExp(`^${TORT_PROOF_DIR}/[1-9][0-9]{15,25}\\.webp$`));
    const proofId = proof.uri.slice(TORT_PROOF_DIR.length + 1, -'.webp'.length);
    expect(proof.url).toBe(`/api/otherv2/tort_proof/${proofId}`);
    expect([proof.width, proof.height]).toEqual([640, 400]);
    const file = readFileSync(path.join(t.dataDir, 'media', proof.uri));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 640 });
    const row = await t.db
      .selectFrom('tort_proof_images')
      .selectAll()
      .where('id', '=', proofId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ uri: proof.uri, user_id: id, bytes: file.length });
  });

  it.each([
    ['text bytes', () => Buffer.from('这不是图片。\n'.repeat(30))],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['an empty file', () => Buffer.alloc(0)],
  ])('refuses %s with 400 and stores nothing', async (_case, data) => {
    const { visitor } = await newUser(t);
    const before = await stored();
    const response = await upload(t, visitor, data());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: NOT_IMAGE, data: null, field: 'image' });
    expect(await stored()).toEqual(before);
  });

  it('refuses more than 50 megapixels (400) and a file over 5 MB (413)', async () => {
    const { visitor } = await newUser(t);
    const before = await stored();
    const huge = await upload(t, visitor, pngHeaderOnly(10_000, 10_000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ message: '图片尺寸过大，请上传 5000 万像素以内的图片' });
    const big = await upload(t, visitor, Buffer.concat([png, randomBytes(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 413, message: '图片不能超过 5 MB', data: null });
    expect(await stored()).toEqual(before);
  });

  it('refuses visitors (401), forged requests (403) and a JSON body (400)', async () => {
    const before = await stored();
    expect((await upload(t, t.visitor(), png)).statusCode).toBe(401);
    const { visitor } = await newUser(t);
    const forged = await upload(t, visitor, png, { [CSRF_HEADER]: 'forged' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 1, errno: 1 });
    const json = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: visitor.headers,
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ message: '请以表单（multipart/form-data）上传图片' });
    expect(await stored()).toEqual(before);
  });

  it('counts with comment pictures: 429 past 20 picture uploads a minute', async () => {
    const { visitor } = await newUser(t);
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    for (let i = 0; i < 20; i += 1) {
      expect((await upload(t, visitor, tiny)).statusCode).toBe(200);
    }
    const before = await stored();
    const response = await upload(t, visitor, tiny);
    expect(response.statusCode).toBe(429);
    expect(response.json<{ message: string }>().message).toMatch(/^图片上传过于频繁，请 .+后再试$/);
    expect(await stored()).toEqual(before);
  });
});

/** Who may see a proof, on either store: its uploader only, never the public media routes. */
function itServesOnlyTheUploader(app: () => TestApp) {
  it('answers the bytes to the uploader only, private and never stored by a cache', async () => {
    const { visitor } = await newUser(app());
    const proof = await uploaded(app(), visitor);
    const own = await app().app.inject({ url: proof.url, headers: visitor.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('webp');

    const other = await newUser(app());
    for (const headers of [other.visitor.headers, app().visitor().headers]) {
      const refused = await app().app.inject({ url: proof.url, headers });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 404, data: null });
    }
    for (const url of [
      `/media/${proof.uri}`,
      `/media-backup/${proof.uri}`,
      '/media/private/',
      `/api/otherv2/tort_proof/12ab`,
    ]) {
      const refused = await app().app.inject({ url, headers: visitor.headers });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.rawPayload.includes('WEBP')).toBe(false);
    }
  });
}

describe('GET /api/otherv2/tort_proof/:id on the local disk', () => {
  itServesOnlyTheUploader(() => t);
});

describe('GET /api/otherv2/tort_proof/:id on an S3 store with a public CDN', () => {
  let s3: TestS3Server;
  let s3App: TestApp;
  let storage: MediaStorage;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    storage = createS3Storage({ ...s3.settings, publicBaseUrl: 'https://cdn.melon.example' });
    s3App = await createTestApp({ mediaStorage: storage });
  }, 60_000);
  afterAll(async () => {
    await s3App.close();
    await s3.close();
  });

  itServesOnlyTheUploader(() => s3App);

  it('keeps the proof in the bucket, not on the web’s disk', async () => {
    const { visitor } = await newUser(s3App);
    const proof = await uploaded(s3App, visitor);
    expect(await storage.head(proof.uri)).not.toBeNull();
    expect(existsSync(path.join(s3App.dataDir, 'media', proof.uri))).toBe(false);
  });
});

describe('claims filed before private proofs', () => {
  it('still show their comment pictures at the public address, as they always did', async () => {
    const authorId = await createUser(t.db, t.newId);
    const videoId = await createItem(t.db, t.newId, authorId);
    const { id, visitor } = await newUser(t);
    const reportId = t.newId();
    const uri = `${COMMENT_IMAGE_DIR}/${t.newId()}.webp`;
    await t.db
      .insertInto('tort_reports')
      .values({
        id: reportId,
        claimant_id: id,
        submit_id: `legacy-submit-${reportId}`,
        claimant_kind: 'person',
        claimant_name: '李四',
        mobile: '13900139000',
        email: 'li@example.com',
        right_kind: 'portrait',
        description: '早先提交的投诉，证明材料是评论图片。',
        created_at: Date.now(),
        decided_at: null,
      })
      .execute();
    await t.db
      .insertInto('tort_report_items')
      .values({ report_id: reportId, item_id: videoId, position: 0, title: '视频' })
      .execute();
    await t.db
      .insertInto('tort_report_proofs')
      .values({ report_id: reportId, position: 0, image_uri: uri })
      .execute();
    const mine = await t.app.inject({ url: getMyTortReports.path, headers: visitor.headers });
    const [claim] = mine.json<{ data: TortReportList }>().data.list;
    expect(claim?.proof_urls).toEqual([`/media/${uri}`]);
  });
});
