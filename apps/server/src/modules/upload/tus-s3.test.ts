import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from '@melon/media/lavfi-clip';
import { UPLOAD_TTL_MS } from '@melon/shared/contracts/publish';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { publishVideo } from '@melon/shared/calls/upload.calls';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import { findJob } from '../../jobs/job.repository.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createS3Storage } from '../../storage/s3-storage.ts';
import { createUser } from '../../testing/factories.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { TRANSCODE_JOB, transcodeJob } from '../media-ingest/transcode-job.ts';
import { createS3UploadStore } from './s3-upload-store.ts';

/*
 * Uploads on S3 (decision 041): two web processes of one site (one database, one bucket, a data
 * dir each) and a worker with a third. An upload begun on one process is resumed, finished and
 * published on the other, transcoded from the bucket and played; nothing of it stays on either
 * web process's disk.
 */

const ENDPOINT = '/api/upload/video/';
const TUS = { 'tus-resumable': '1.0.0' };

let s3: TestS3Server;
let storage: MediaStorage;
let a: TestApp;
let b: TestApp;
let queue: DatabaseJobQueue;
let workerDir: string;
let clip: Buffer;

beforeAll(async () => {
  s3 = await startTestS3Server();
  storage = createS3Storage(s3.settings);
  a = await createTestApp({ mediaStorage: storage });
  b = await createTestApp({ besides: a, mediaStorage: createS3Storage(s3.settings) });
  queue = new DatabaseJobQueue({ db: a.db, newId: a.newId, leaseMs: 60_000 });
  workerDir = await mkdtemp(path.join(tmpdir(), 'melon-s3-worker-'));
  const clipPath = path.join(workerDir, 'clip.mp4');
  await generateClip(clipPath, { width: 160, height: 90, fps: 15, seconds: 2, audio: true });
  clip = await readFile(clipPath);
}, 60_000);
afterAll(async () => {
  await queue.close();
  await b.close();
  await a.close();
  await s3.close();
  await rm(workerDir, { recursive: true, force: true });
});

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function newCreator(): Promise<{ id: string; v: Visitor }> {
  const id = await createUser(a.db, a.newId);
  return { id, v: await a.signedIn(id) };
}

async function create(t: TestApp, v: Visitor, length: number): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: ENDPOINT,
    headers: {
      ...v.headers,
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': `filename ${b64('海边.mp4')},filetype ${b64('video/mp4')}`,
    },
  });
  expect(response.statusCode).toBe(201);
  return String(response.headers.location);
}

function patch(t: TestApp, v: Visitor, url: string, offset: number, bytes: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...v.headers,
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

async function offsetOn(t: TestApp, v: Visitor, url: string): Promise<number> {
  const response = await t.app.inject({ method: 'HEAD', url, headers: { ...v.headers, ...TUS } });
  expect(response.statusCode).toBe(200);
  return Number(response.headers['upload-offset']);
}

/** The keys under `uploads/` in the bucket that belong to the upload. */
const objectsOf = async (url: string) => {
  const id = url.split('/').at(-1) ?? '';
  return (await storage.list('uploads')).filter((key) => key.startsWith(`uploads/${id}`));
};

/** The worker runs the queued jobs until `jobId` has ended. */
async function runWorker(jobId: string): Promise<void> {
  const worker = queue.createWorker([transcodeJob({ db: a.db, dataDir: workerDir, storage })], {
    required: [TRANSCODE_JOB],
    log: () => undefined,
  });
  await worker.start();
  try {
    for (;;) {
      const job = await findJob(a.db, jobId);
      if (job?.state === 'succeeded' || job?.state === 'failed') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await worker.stop();
  }
}

describe('an upload on S3 across two web processes', { timeout: 120_000 }, () => {
  it('is begun on one, finished and published on the other, transcoded and played', async () => {
    const { v } = await newCreator();
    const url = await create(a, v, clip.length);
    expect(url).toMatch(/^\/api\/upload\/video\/[1-9][0-9]{18}$/);
    const half = Math.floor(clip.length / 2);
    expect((await patch(a, v, url, 0, clip.subarray(0, half))).statusCode).toBe(204);

    // The other process knows the upload and where it stopped.
    expect(await offsetOn(b, v, url)).toBe(half);
    const rest = await patch(b, v, url, half, clip.subarray(half));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(clip.length));
    expect(await offsetOn(a, v, url)).toBe(clip.length);
    const id = url.split('/').at(-1) ?? '';
    const object = await storage.read(`uploads/${id}`);
    expect(object && (await buffer(object.body)).equals(clip)).toBe(true);

    const published = await b.app.inject({
      method: 'POST',
      url: publishVideo.path,
      headers: v.headers,
      payload: { upload_id: id, title: '两个进程', channel_id: 8 },
    });
    expect(published.statusCode).toBe(200);
    const itemId = published.json<{ data: { item_id: string } }>().data.item_id;
    // The upload's objects are gone; its bytes are the item's source in the bucket.
    expect(await objectsOf(url)).toEqual([]);
    const source = await storage.read(`sources/${itemId}`);
    expect(source && (await buffer(source.body)).equals(clip)).toBe(true);
    // The process that began it knows it is gone too (no record kept in its memory).
    const gone = await a.app.inject({ method: 'HEAD', url, headers: { ...v.headers, ...TUS } });
    expect(gone.statusCode).toBe(404);
    for (const t of [a, b]) {
      expect(await readdir(path.join(t.dataDir, 'uploads', 'claimed'))).toEqual([]);
    }

    const job = await a.db
      .selectFrom('jobs')
      .select('id')
      .where('payload', 'like', `%${itemId}%`)
      .executeTakeFirstOrThrow();
    await runWorker(job.id);
    expect(await findJob(a.db, job.id)).toMatchObject({ state: 'succeeded' });

    // Either process plays it from the bucket.
    for (const t of [a, b]) {
      const details = await t.app.inject({ url: `${getVideoDetails.path}?group_id=${itemId}` });
      const resource = details.json<{ data: VideoDetails }>().data.video_resource;
      if (!resource) throw new Error('no video resource');
      const manifestPath = new URL(
        Buffer.from(resource.dash_url, 'base64').toString('utf8'),
        'http://melon.test',
      ).pathname;
      const manifest = await t.app.inject({ url: manifestPath });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.body).toContain('<MPD');
    }
  });

  it('keeps whole parts and the tail across processes for a file of several parts', async () => {
    const { v } = await newCreator();
    // Two 8 MiB parts' worth: the first PATCH leaves one whole part and a tail (`.part`).
    const bytes = randomBytes(10 * 1024 * 1024);
    const url = await create(a, v, bytes.length);
    const first = 9 * 1024 * 1024;
    expect((await patch(a, v, url, 0, bytes.subarray(0, first))).statusCode).toBe(204);
    const id = url.split('/').at(-1) ?? '';
    expect(await objectsOf(url)).toEqual([`uploads/${id}.info`, `uploads/${id}.part`]);

    expect(await offsetOn(b, v, url)).toBe(first);
    // A chunk at a wrong offset is refused on the other process too, and changes nothing.
    expect((await patch(b, v, url, 0, bytes.subarray(0, 10))).statusCode).toBe(409);
    expect((await patch(b, v, url, first, bytes.subarray(first))).statusCode).toBe(204);
    const object = await storage.read(`uploads/${id}`);
    expect(object && (await buffer(object.body)).equals(bytes)).toBe(true);
  });

  it("answers 404 on the other process for another user's upload", async () => {
    const owner = await newCreator();
    const other = await newCreator();
    const url = await create(a, owner.v, 10);
    const response = await b.app.inject({
      method: 'HEAD',
      url,
      headers: { ...other.v.headers, ...TUS },
    });
    expect(response.statusCode).toBe(404);
  });

  it('lets the owner cancel on the other process: every object of the upload is deleted', async () => {
    const { v } = await newCreator();
    const url = await create(a, v, 100);
    expect((await patch(a, v, url, 0, Buffer.alloc(40, 1))).statusCode).toBe(204);
    const cancelled = await b.app.inject({
      method: 'DELETE',
      url,
      headers: { ...v.headers, ...TUS },
    });
    expect(cancelled.statusCode).toBe(204);
    expect(await objectsOf(url)).toEqual([]);
  });

  it('counts unpublished uploads in the bucket against the quota, and sweeps expired ones', async () => {
    const { id: userId, v } = await newCreator();
    const store = createS3UploadStore({ dataDir: a.dataDir, settings: s3.settings, storage });
    const unfinished = await create(a, v, 300);
    const finished = await create(b, v, 20);
    expect((await patch(b, v, finished, 0, Buffer.alloc(20, 2))).statusCode).toBe(204);
    expect(await store.pendingBytes(userId)).toBe(320);

    expect(await store.sweepExpired(Date.now())).toBe(0);
    await store.sweepExpired(Date.now() + UPLOAD_TTL_MS + 1000);
    expect(await objectsOf(unfinished)).toEqual([]);
    expect(await objectsOf(finished)).toEqual([]);
    expect(await store.pendingBytes(userId)).toBe(0);
  });
});
