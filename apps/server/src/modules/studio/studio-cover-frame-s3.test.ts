import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COVER_SIZES, grabFrameAt, IMAGE_QUALITY } from '@melon/media/covers';
import { generateClip } from '@melon/media/lavfi-clip';
import { setStudioCoverFrame } from '@melon/shared/calls/studio.calls';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createS3Storage } from '../../storage/s3-storage.ts';
import { createUser } from '../../testing/factories.ts';
import { createMediaItem } from '../../testing/media-factory.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { COVER_WORK_LIMIT, coverWork } from './cover-work.ts';

/*
 * A cover chosen from a frame of a source kept on S3 (decision 066): ffmpeg reads the source in
 * place through a loopback range server, only the index and the frames it decodes, never the
 * whole object; and however many authors ask at once, no more frame grabs run than the
 * process's cover work allows, the others waiting their turn.
 */

let s3: TestS3Server;
let t: TestApp;
let dir = '';
/** A 20-second clip of about 20 MB, a keyframe every 250 frames. */
let bigClip = '';
let smallClip = '';
/** Bytes the storage read out of each key, or downloaded. */
const bytesRead = new Map<string, number>();
/** Heads of sources held until the test lets them go, and the cover work running at each. */
let holdHeads: Promise<void> | null = null;
const runningAtHead: number[] = [];

/**
 * The S3 engine, counting the bytes each read hands out and each download writes, and holding
 * source heads on demand.
 */
function watchedStorage(inner: MediaStorage): MediaStorage {
  return {
    ...inner,
    head: async (key) => {
      if (key.startsWith('sources/')) {
        runningAtHead.push(coverWork.state().running);
        await holdHeads;
      }
      return inner.head(key);
    },
    read: async (key, range) => {
      const stored = await inner.read(key, range);
      if (!stored) return null;
      const body = stored.body;
      async function* counted() {
        for await (const chunk of body) {
          bytesRead.set(key, (bytesRead.get(key) ?? 0) + (chunk as Buffer).length);
          yield chunk as Buffer;
        }
      }
      return { ...stored, body: Readable.from(counted()) };
    },
    download: async (key, file) => {
      const found = await inner.download(key, file);
      if (found) bytesRead.set(key, (bytesRead.get(key) ?? 0) + (await stat(file)).size);
      return found;
    },
  };
}

beforeAll(async () => {
  s3 = await startTestS3Server();
  t = await createTestApp({ mediaStorage: watchedStorage(createS3Storage(s3.settings)) });
  dir = await mkdtemp(path.join(tmpdir(), 'melon-cover-frame-s3-'));
  bigClip = path.join(dir, 'big.mp4');
  smallClip = path.join(dir, 'small.mp4');
  await generateClip(bigClip, {
    width: 854,
    height: 480,
    fps: 30,
    seconds: 20,
    audio: false,
    videoBitrate: 12_000_000,
  });
  await generateClip(smallClip, { width: 320, height: 180, fps: 25, seconds: 2, audio: false });
}, 120_000);
afterAll(async () => {
  await t.close();
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

/** A ready video of `authorId` whose source is the clip, kept in the bucket as ingest keeps it. */
async function videoWithStoredSource(authorId: string, clip: string): Promise<string> {
  const { itemId } = await createMediaItem(t, authorId);
  const key = `sources/${itemId}`;
  await s3Storage().putFile(key, clip);
  await t.db
    .updateTable('item_media')
    .set({ source_path: key })
    .where('item_id', '=', itemId)
    .execute();
  return itemId;
}

const s3Storage = () => createS3Storage(s3.settings);

function chooseFrame(who: Visitor, itemId: string, timeMs: number) {
  return t.app.inject({
    method: 'POST',
    url: setStudioCoverFrame.path,
    headers: who.headers,
    payload: { item_id: itemId, time_ms: timeMs },
  });
}

const covers = (id: string) =>
  t.db
    .selectFrom('items')
    .select(['cover_large_uri', 'cover_middle_uri'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function storedPixels(key: string): Promise<Buffer> {
  const read = await s3Storage().read(key);
  if (!read) throw new Error(`${key} is not stored`);
  return sharp(await buffer(read.body))
    .raw()
    .toBuffer();
}

describe('POST /api/studio/video/cover_frame on S3', { timeout: 120_000 }, () => {
  it('reads only the parts of the source ffmpeg needs, and stores the frame asked for', async () => {
    const authorId = await createUser(t.db, t.newId);
    const author = await t.signedIn(authorId);
    const itemId = await videoWithStoredSource(authorId, bigClip);
    const response = await chooseFrame(author, itemId, 500);
    expect(response.statusCode).toBe(200);

    const size = (await stat(bigClip)).size;
    const read = bytesRead.get(`sources/${itemId}`) ?? 0;
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(size / 5);

    // The same frame grabbed from the file on disk, cut as the upload path cuts it.
    const reference = path.join(dir, 'reference.png');
    await grabFrameAt(bigClip, reference, 0.5);
    const expected = await sharp(
      await sharp(reference)
        .resize(COVER_SIZES.middle.width, COVER_SIZES.middle.height, { fit: 'cover' })
        .webp({ quality: IMAGE_QUALITY })
        .toBuffer(),
    )
      .raw()
      .toBuffer();
    const stored = await covers(itemId);
    expect(stored.cover_middle_uri).toMatch(new RegExp(`^v/${itemId}/d-[0-9a-f]+/cover-`));
    expect((await storedPixels(stored.cover_middle_uri)).equals(expected)).toBe(true);
  });

  it(`runs at most ${COVER_WORK_LIMIT} frame grabs at once, the others waiting their turn`, async () => {
    const authorId = await createUser(t.db, t.newId);
    const author = await t.signedIn(authorId);
    const items = [];
    for (let i = 0; i < COVER_WORK_LIMIT + 3; i += 1) {
      items.push(await videoWithStoredSource(authorId, smallClip));
    }
    const before = await Promise.all(items.map(covers));
    let release = () => {};
    holdHeads = new Promise((resolve) => {
      release = resolve;
    });
    runningAtHead.length = 0;
    const answers = items.map((itemId) => chooseFrame(author, itemId, 1000));
    await vi.waitFor(
      () => {
        expect(coverWork.state()).toEqual({ running: COVER_WORK_LIMIT, waiting: 3 });
      },
      { timeout: 30_000 },
    );
    // Only the grabs holding a place reached their source; the others have not started.
    expect(runningAtHead).toHaveLength(COVER_WORK_LIMIT);
    expect(await Promise.all(items.map(covers))).toEqual(before);

    release();
    holdHeads = null;
    for (const answer of await Promise.all(answers)) expect(answer.statusCode).toBe(200);
    expect(runningAtHead).toHaveLength(items.length);
    // Each grab that reached its source saw itself among at most the limit running.
    expect(Math.max(...runningAtHead)).toBeLessThanOrEqual(COVER_WORK_LIMIT);
    expect(coverWork.state()).toEqual({ running: 0, waiting: 0 });
    const after = await Promise.all(items.map(covers));
    after.forEach((cover, i) => {
      expect(cover.cover_middle_uri).not.toBe(before[i]?.cover_middle_uri);
    });
  });
});
