import { access, copyFile, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from '@melon/media/lavfi-clip';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import { findJob } from '../../jobs/job.repository.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createS3Storage } from '../../storage/s3-storage.ts';
import { createUser } from '../../testing/factories.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { signInByCode } from '../../testing/passport.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ingestVideo } from './ingest.service.ts';
import { storedSourceBytes } from './item-media.repository.ts';
import { TRANSCODE_JOB, transcodeJob } from './transcode-job.ts';

/*
 * Media on an S3 store (decision 041), through the real AWS SDK and an S3 server over HTTP: a
 * video taken in keeps its source in the bucket, a worker with a data dir of its own transcodes
 * it from there and writes the package and derived files back, and the web process plays it
 * through its signed URLs, byte ranges included. Nothing lands under the web's data dir.
 */

let s3: TestS3Server;
let storage: MediaStorage;
let t: TestApp;
let queue: DatabaseJobQueue;
let workerDir: string;
let clip: string;

beforeAll(async () => {
  s3 = await startTestS3Server();
  storage = createS3Storage(s3.settings);
  t = await createTestApp({ mediaStorage: storage });
  queue = new DatabaseJobQueue({ db: t.db, newId: t.newId, leaseMs: 60_000 });
  workerDir = await mkdtemp(path.join(tmpdir(), 'melon-s3-worker-'));
  clip = path.join(workerDir, 'clip.mp4');
  await generateClip(clip, { width: 320, height: 180, fps: 25, seconds: 2, audio: true });
}, 60_000);
afterAll(async () => {
  await queue.close();
  await t.close();
  await s3.close();
  await rm(workerDir, { recursive: true, force: true });
});

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Takes the clip in as the publish call does, with the web's data dir and the bucket. */
async function ingest(title: string) {
  const copy = path.join(workerDir, `upload-${t.newId()}`);
  await copyFile(clip, copy);
  const deps = {
    db: t.db,
    newId: t.newId,
    dataDir: t.dataDir,
    limits: { maxBytes: 50 * 1024 * 1024, maxDurationSeconds: 600 },
    jobs: queue,
    storage,
  };
  return ingestVideo(deps, { sourcePath: copy, title, userId: await createUser(t.db, t.newId) });
}

/** A worker with its own data dir runs the queued jobs until `jobId` has ended. */
async function runWorker(jobId: string): Promise<void> {
  const worker = queue.createWorker([transcodeJob({ db: t.db, dataDir: workerDir, storage })], {
    required: [TRANSCODE_JOB],
    log: () => undefined,
  });
  await worker.start();
  try {
    for (;;) {
      const job = await findJob(t.db, jobId);
      if (job?.state === 'succeeded' || job?.state === 'failed') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await worker.stop();
  }
}

async function stored(key: string): Promise<Buffer> {
  const read = await storage.read(key);
  if (!read) throw new Error(`${key} is not stored`);
  return buffer(read.body);
}

describe('media on S3', { timeout: 120_000 }, () => {
  it('keeps the source in the bucket, transcodes from it, and plays through signed URLs', async () => {
    const { itemId, jobId } = await ingest('存储在 S3');
    const media = await t.db
      .selectFrom('item_media')
      .select('source_path')
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(media.source_path).toBe(`sources/${itemId}`);
    expect((await storage.head(`sources/${itemId}`))?.size).toBe((await stat(clip)).size);
    // The user's quota counts the source kept in the bucket.
    const { user_id: author } = await t.db
      .selectFrom('items')
      .select('user_id')
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(await storedSourceBytes(t.db, author, storage)).toBe((await stat(clip)).size);

    // A work folder an attempt killed midway left behind.
    const stale = path.join(workerDir, 'work', `transcode-${itemId}-0badc0de`);
    await mkdir(stale, { recursive: true });
    await runWorker(jobId);
    expect(await findJob(t.db, jobId)).toMatchObject({ state: 'succeeded' });
    expect(await exists(stale)).toBe(false);
    const keys = await storage.list(`private/v/${itemId}`);
    expect(keys.some((key) => /\/package-[0-9a-f]{32}\/manifest\.mpd$/.test(key))).toBe(true);
    expect(
      (await storage.list(`v/${itemId}`)).every((key) => /\/derived-[0-9a-f]{8}\//.test(key)),
    ).toBe(true);
    // Neither the web's data dir nor the worker's keeps a file of it.
    expect(await exists(path.join(t.dataDir, 'media', 'v'))).toBe(false);
    expect(await exists(path.join(t.dataDir, 'sources'))).toBe(false);
    expect(await readdir(path.join(workerDir, 'work'))).toEqual([]);

    const details = await t.app.inject({ url: `/api/videov2/details?group_id=${itemId}` });
    const resource = details.json<{ data: VideoDetails }>().data.video_resource;
    if (!resource) throw new Error('no video resource');
    const manifestPath = new URL(
      Buffer.from(resource.dash_url, 'base64').toString('utf8'),
      'http://melon.test',
    ).pathname;
    const manifest = await t.app.inject({ url: manifestPath });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/dash+xml');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const manifestKey = keys.find((key) => key.endsWith('/manifest.mpd')) ?? '';
    expect(manifest.body).toBe((await stored(manifestKey)).toString('utf8'));
    const etag = manifest.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    const revalidated = await t.app.inject({
      url: manifestPath,
      headers: { 'if-none-match': String(etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    const segmentKey = keys.find((key) => key.endsWith('.m4s')) ?? '';
    const segmentPath = manifestPath.replace(/manifest\.mpd$/, path.posix.basename(segmentKey));
    const segmentBytes = await stored(segmentKey);
    const whole = await t.app.inject({ url: segmentPath });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(segmentBytes)).toBe(true);
    const part = await t.app.inject({ url: segmentPath, headers: { range: 'bytes=10-109' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${segmentBytes.length}`);
    expect(part.rawPayload.equals(segmentBytes.subarray(10, 110))).toBe(true);
    const past = await t.app.inject({
      url: segmentPath,
      headers: { range: `bytes=${segmentBytes.length}-` },
    });
    expect(past.statusCode).toBe(416);

    // A forged token opens nothing.
    const forged = await t.app.inject({ url: segmentPath.replace(/\/s\/\d+\/[^/]+\//, '/s/1/x/') });
    expect(forged.statusCode).toBe(403);
  });

  it('removes every object of a video whose transcode fails for good', async () => {
    const { itemId, jobId } = await ingest('源文件丢失');
    await storage.delete(`sources/${itemId}`);
    // What an earlier attempt, killed midway, left in the bucket.
    await storage.putBytes(`v/${itemId}/derived-00000000/cover.webp`, Buffer.from('RIFF'));
    await storage.putBytes(
      `private/v/${itemId}/package-00000000/manifest.mpd`,
      Buffer.from('<MPD/>'),
    );
    await runWorker(jobId);
    expect(await findJob(t.db, jobId)).toMatchObject({ state: 'failed' });
    expect(await storage.list(`v/${itemId}`)).toEqual([]);
    expect(await storage.list(`private/v/${itemId}`)).toEqual([]);
  });

  it('keeps an uploaded avatar in the bucket and serves it', async () => {
    const { visitor, userId } = await signInByCode(t);
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#3a7' },
    })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartBody({
      field: 'avatar',
      filename: 'avatar.png',
      contentType: 'image/png',
      data: png,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/user/update/upload_avatar/?aid=1768',
      headers: { ...visitor.headers, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(200);
    const uri = (await storage.list('avatars')).find((key) => key.includes(`/${userId}-`)) ?? '';
    expect(uri).not.toBe('');
    expect(await exists(path.join(t.dataDir, 'media', uri))).toBe(false);
    const served = await t.app.inject({ url: `/media/${uri}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(await stored(uri))).toBe(true);

    // With a CDN in front of the bucket, public files are sent there.
    const cdn = await createTestApp({
      mediaStorage: createS3Storage({ ...s3.settings, publicBaseUrl: 'https://cdn.melon.test/m' }),
    });
    try {
      const redirected = await cdn.app.inject({ url: `/media/${uri}` });
      expect(redirected.statusCode).toBe(302);
      expect(redirected.headers.location).toBe(`https://cdn.melon.test/m/${uri}`);
    } finally {
      await cdn.close();
    }
  });
});
