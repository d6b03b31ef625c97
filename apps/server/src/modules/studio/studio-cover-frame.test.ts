import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from '@melon/media/lavfi-clip';
import { Visibility } from '@melon/db/enums';
import type { StudioVideoDetail } from '@melon/shared/contracts/studio';
import { setStudioCoverFrame } from '@melon/shared/calls/studio.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createMediaItem, MEDIA_FIXTURES } from '../../testing/media-factory.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * A cover chosen from a frame in the studio (decision 045): ffmpeg grabs the frame at the time
 * asked from the stored source, stored in both sizes as an upload is; refused outside the
 * duration, while transcoding, without a source and for another user's video, changing nothing.
 */

let t: TestApp;
let authorId = '';
let author: Visitor;
let other: Visitor;
let clipDir = '';
let clip = '';

beforeAll(async () => {
  t = await createTestApp();
  authorId = await createUser(t.db, t.newId);
  author = await t.signedIn(authorId);
  other = await t.signedIn(await createUser(t.db, t.newId));
  clipDir = await mkdtemp(path.join(tmpdir(), 'melon-cover-frame-test-'));
  clip = path.join(clipDir, 'source.mp4');
  await generateClip(clip, MEDIA_FIXTURES.standard);
});
afterAll(async () => {
  await t.close();
  await rm(clipDir, { recursive: true, force: true });
});

/** A ready video whose source is on the local disk where the upload left it. */
async function videoWithSource(): Promise<string> {
  const { itemId } = await createMediaItem(t, authorId);
  const { source_path } = await t.db
    .selectFrom('item_media')
    .select('source_path')
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  await mkdir(path.dirname(source_path), { recursive: true });
  await copyFile(clip, source_path);
  return itemId;
}

function chooseFrame(who: Visitor, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: setStudioCoverFrame.path,
    headers: who.headers,
    payload: body,
  });
}

const covers = (id: string) =>
  t.db
    .selectFrom('items')
    .select(['cover_large_uri', 'cover_middle_uri'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const stored = (uri: string) => readFile(path.join(t.dataDir, 'media', uri));

describe('POST /api/studio/video/cover_frame', () => {
  it('stores the frame at the time asked in both sizes, serves it, and a later time gives another picture', async () => {
    const itemId = await videoWithSource();
    const original = await covers(itemId);
    const first = await chooseFrame(author, { item_id: itemId, time_ms: 500 });
    expect(first.statusCode).toBe(200);
    const early = await covers(itemId);
    expect(early.cover_large_uri).not.toBe(original.cover_large_uri);
    expect(early.cover_large_uri).toMatch(
      new RegExp(`^v/${itemId}/d-[0-9a-f]+/cover-[0-9]+-large\\.webp$`),
    );
    expect(first.json<{ data: StudioVideoDetail }>().data.video.cover_url).toBe(
      `/media/${early.cover_large_uri}`,
    );
    expect(await sharp(await stored(early.cover_large_uri)).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 900,
    });
    expect(await sharp(await stored(early.cover_middle_uri)).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
      height: 360,
    });
    // The edit form previews frames with the storyboard's sheets.
    expect(first.json<{ data: StudioVideoDetail }>().data.storyboard?.sheets[0]).toMatch(
      new RegExp(`^/media/v/${itemId}/`),
    );
    const served = await t.app.inject({ method: 'GET', url: `/media/${early.cover_middle_uri}` });
    expect(served.statusCode).toBe(200);

    const pixels = async (uri: string) =>
      (
        await sharp(await stored(uri))
          .raw()
          .toBuffer()
      ).toString('base64');
    const earlyPixels = await pixels(early.cover_middle_uri);
    expect((await chooseFrame(author, { item_id: itemId, time_ms: 2500 })).statusCode).toBe(200);
    const late = await covers(itemId);
    // testsrc2 moves and runs a clock: the frame 2 s later is another picture.
    expect(await pixels(late.cover_middle_uri)).not.toBe(earlyPixels);
    // The chosen cover it replaces is dropped from storage.
    expect(existsSync(path.join(t.dataDir, 'media', early.cover_middle_uri))).toBe(false);
  });

  it('refuses a time outside the video, a video transcoding or without its source, and another user, changing nothing', async () => {
    const itemId = await videoWithSource();
    const original = await covers(itemId);
    const { duration_ms } = await t.db
      .selectFrom('items')
      .select('duration_ms')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    const outside = await chooseFrame(author, { item_id: itemId, time_ms: duration_ms });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ field: 'time_ms', message: '截取时间须在视频时长内' });
    expect((await chooseFrame(other, { item_id: itemId, time_ms: 0 })).statusCode).toBe(403);
    expect(await covers(itemId)).toEqual(original);

    const hidden = await createItem(t.db, t.newId, authorId, { visibility: Visibility.Self });
    expect((await chooseFrame(other, { item_id: hidden, time_ms: 0 })).statusCode).toBe(404);

    const processing = await createMediaItem(t, authorId, { state: 'processing' });
    const before = await covers(processing.itemId);
    const early = await chooseFrame(author, { item_id: processing.itemId, time_ms: 0 });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ message: '视频转码完成后才能更换封面' });
    expect(await covers(processing.itemId)).toEqual(before);

    const sourceless = await createMediaItem(t, authorId);
    const kept = await covers(sourceless.itemId);
    const gone = await chooseFrame(author, { item_id: sourceless.itemId, time_ms: 0 });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toMatchObject({ field: 'time_ms' });
    expect(await covers(sourceless.itemId)).toEqual(kept);
  });

  describe('refusals', () => {
    let itemId = '';
    beforeAll(async () => {
      itemId = await videoWithSource();
    });
    itRefusesBadWrites({
      send: (headers, payload) =>
        t.app.inject({ method: 'POST', url: setStudioCoverFrame.path, headers, payload }),
      signedIn: () => author.headers,
      visitor: () => t.visitor().headers,
      body: () => ({ item_id: itemId, time_ms: 1000 }),
      malformed: () => ['time_ms', { item_id: itemId, time_ms: -1 }],
      snapshot: () => covers(itemId),
    });
  });
});
