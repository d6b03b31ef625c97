import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioVideoDetail } from '@melon/shared/contracts/studio';
import { uploadStudioCover } from '@melon/shared/calls/studio.calls';
import { createUser } from '../../testing/factories.ts';
import { createMediaItem } from '../../testing/media-factory.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

/*
 * A cover uploaded in the studio (decision 045): cut to 16:9 in both sizes beside the
 * transcoder's covers, served, and the upload it replaces removed; refused for a video still
 * transcoding, for what is not a picture, and for another user's video, changing nothing.
 */

let t: TestApp;
let authorId = '';
let author: Visitor;
let other: Visitor;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  authorId = await createUser(t.db, t.newId);
  author = await t.signedIn(authorId);
  other = await t.signedIn(await createUser(t.db, t.newId));
  png = await sharp({
    create: { width: 800, height: 800, channels: 3, background: { r: 200, g: 40, b: 30 } },
  })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

function upload(who: Visitor, itemId: string, data: Buffer) {
  const { payload, contentType } = multipartBody({
    field: 'cover',
    filename: 'cover.png',
    contentType: 'image/png',
    data,
  });
  return t.app.inject({
    method: 'POST',
    url: `${uploadStudioCover.path}?item_id=${itemId}`,
    headers: { ...who.headers, 'content-type': contentType },
    payload,
  });
}

const covers = (id: string) =>
  t.db
    .selectFrom('items')
    .select(['cover_large_uri', 'cover_middle_uri'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const mediaFile = (uri: string) => path.join(t.dataDir, 'media', uri);

describe('POST /api/studio/video/cover', () => {
  it('stores both sizes as 16:9 WebP, serves them, and drops the upload it replaces', async () => {
    const { itemId, derivedName } = await createMediaItem(t, authorId);
    const first = await upload(author, itemId, png);
    expect(first.statusCode).toBe(200);
    const stored = await covers(itemId);
    expect(stored.cover_large_uri).toMatch(
      new RegExp(`^v/${itemId}/${derivedName}/cover-[0-9]+-large\\.webp$`),
    );
    expect(first.json<{ data: StudioVideoDetail }>().data.video.cover_url).toBe(
      `/media/${stored.cover_large_uri}`,
    );
    expect(await sharp(readFileSync(mediaFile(stored.cover_large_uri))).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 900,
    });
    expect(await sharp(readFileSync(mediaFile(stored.cover_middle_uri))).metadata()).toMatchObject({
      width: 640,
      height: 360,
    });
    const served = await t.app.inject({ method: 'GET', url: `/media/${stored.cover_middle_uri}` });
    expect(served.statusCode).toBe(200);

    expect((await upload(author, itemId, png)).statusCode).toBe(200);
    expect(existsSync(mediaFile(stored.cover_large_uri))).toBe(false);
    expect(existsSync(mediaFile(stored.cover_middle_uri))).toBe(false);
  });

  it('refuses a video still transcoding, a file that is not a picture and another user, changing nothing', async () => {
    const processing = await createMediaItem(t, authorId, { state: 'processing' });
    const before = await covers(processing.itemId);
    const early = await upload(author, processing.itemId, png);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ field: 'cover', message: '视频转码完成后才能更换封面' });
    expect(await covers(processing.itemId)).toEqual(before);

    const { itemId } = await createMediaItem(t, authorId);
    const original = await covers(itemId);
    const text = await upload(author, itemId, Buffer.from('not a picture'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ field: 'cover' });
    expect((await upload(other, itemId, png)).statusCode).toBe(403);
    const visitor = t.visitor();
    expect((await upload(visitor, itemId, png)).statusCode).toBe(401);
    const forged = { ...author, headers: { ...author.headers, 'x-csrf-token': 'forged' } };
    expect((await upload(forged, itemId, png)).statusCode).toBe(403);
    const huge = await upload(author, itemId, Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(huge.statusCode).toBe(413);
    expect(await covers(itemId)).toEqual(original);
  });
});
