import { access, copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from '@melon/media/lavfi-clip';
import { DatabaseJobQueue } from '../../jobs/database-job-queue.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { findJob, leaseNextJob } from '../../jobs/job.repository.ts';
import { createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ingestVideo, type IngestDeps } from './ingest.service.ts';
import { TRANSCODE_JOB, transcodeJob } from './transcode-job.ts';

/*
 * Issue 11 item 4: a worker whose lease ran out and was taken over keeps running (a slow disk, a
 * paused process). It must not make the item ready, and no attempt may remove what another one
 * wrote. The clocks are the queues' own `now`, so no test waits for a lease to run out.
 */

const LEASE_MS = 60_000;
const T0 = Date.now();
const silent = () => undefined;

let t: TestApp;
let deps: IngestDeps;
let clip: string;
let author: string;
const queues: DatabaseJobQueue[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const queue = queueAt(T0);
  deps = {
    db: t.db,
    newId: t.newId,
    dataDir: t.dataDir,
    limits: { maxBytes: 50 * 1024 * 1024, maxDurationSeconds: 600 },
    jobs: queue,
  };
  author = await createUser(t.db, t.newId);
  clip = path.join(t.dataDir, 'clip.mp4');
  await generateClip(clip, { width: 160, height: 90, fps: 15, seconds: 2, audio: false });
}, 60_000);
afterAll(async () => {
  await Promise.all(queues.map((queue) => queue.close()));
  await t.close();
});

/** A queue whose clock reads `at`: a worker of it sees leases as they are at that time. */
function queueAt(at: number): DatabaseJobQueue {
  const queue = new DatabaseJobQueue({
    db: t.db,
    newId: t.newId,
    leaseMs: LEASE_MS,
    now: () => at,
  });
  queues.push(queue);
  return queue;
}

const workerOf = (queue: DatabaseJobQueue, handler: JobHandler) =>
  queue.createWorker([handler], { required: [TRANSCODE_JOB], log: silent });

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function ingestClip(title: string) {
  const copy = path.join(t.dataDir, `upload-${t.newId()}.mp4`);
  await copyFile(clip, copy);
  return ingestVideo(deps, { sourcePath: copy, title, userId: author });
}

const mediaOf = (itemId: string) =>
  t.db
    .selectFrom('item_media')
    .select(['state', 'package_dir', 'derived_dir'])
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();

describe('lease fencing of the transcode job', { timeout: 120_000 }, () => {
  it('a worker that lost its lease neither makes the item ready nor removes the newer attempt’s files', async () => {
    const { itemId, jobId } = await ingestClip('租约被接管');
    const itemDir = path.join(t.dataDir, 'media', 'v', itemId);
    const packageRoot = path.join(t.dataDir, 'media', 'private', 'v', itemId);
    const newerWork = [
      path.join(packageRoot, 'package-newer.partial'),
      path.join(itemDir, 'derived-newer.partial'),
    ];
    const handler = transcodeJob({ db: t.db, dataDir: t.dataDir });

    // Worker A takes the job at T0; before it writes anything its lease runs out and worker B
    // takes the job over (B's first files are already on disk), while A keeps running.
    const stale: JobHandler = {
      ...handler,
      run: async (payload, context) => {
        const takenOver = await leaseNextJob(t.db, {
          owner: 'worker-b',
          now: T0 + LEASE_MS + 1,
          leaseMs: LEASE_MS,
          names: [TRANSCODE_JOB],
        });
        expect(takenOver?.id).toBe(jobId);
        for (const dir of newerWork) {
          await mkdir(dir, { recursive: true });
          await writeFile(path.join(dir, 'init-0.m4s'), 'B was here');
        }
        await handler.run(payload, context);
      },
    };
    expect(await workerOf(queueAt(T0), stale).runOnce()).toBe(true);

    expect(await mediaOf(itemId)).toEqual({
      state: 'processing',
      package_dir: null,
      derived_dir: null,
    });
    expect(await readdir(packageRoot)).toEqual(['package-newer.partial']);
    expect(await readdir(itemDir)).toEqual(['derived-newer.partial']);
    expect(await findJob(t.db, jobId)).toMatchObject({ state: 'running', lease_owner: 'worker-b' });

    // A later worker, once B's lease has run out too, makes it ready.
    const later = T0 + 3 * LEASE_MS;
    expect(await workerOf(queueAt(later), handler).runOnce()).toBe(true);
    const ready = await mediaOf(itemId);
    expect(ready.state).toBe('ready');
    const packageDir = path.join(t.dataDir, 'media', ready.package_dir ?? '-');
    expect(await exists(path.join(packageDir, 'manifest.mpd'))).toBe(true);
    expect(await findJob(t.db, jobId)).toMatchObject({ state: 'succeeded' });
    // What killed or stale attempts left behind is cleared by the one that made it ready.
    expect(await readdir(packageRoot)).toEqual([path.basename(ready.package_dir ?? '')]);
    expect(await readdir(itemDir)).toEqual([path.basename(ready.derived_dir ?? '')]);

    // A stale worker's last failure arriving now does not remove the ready files.
    await handler.onFailed?.({ itemId }, 'MediaToolError: ffmpeg was killed');
    expect(await mediaOf(itemId)).toEqual(ready);
    expect(await exists(path.join(packageDir, 'manifest.mpd'))).toBe(true);
  });
});
