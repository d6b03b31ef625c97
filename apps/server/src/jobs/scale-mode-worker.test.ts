import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from '@melon/media/lavfi-clip';
import { createIdGenerator } from '@melon/shared/ids/id';
import { ingestVideo } from '../modules/media-ingest/ingest.service.ts';
import { createChildDatabase, type ChildDatabase } from '../testing/child-database.ts';
import { createUser } from '../testing/factories.ts';
import { redisAvailable, redisDatabaseUrl } from '../testing/redis.ts';
import { BullmqJobQueue } from './bullmq-job-queue.ts';
import { findJob } from './job.repository.ts';

/* Scale mode end to end: a job queued through BullMQ is transcoded by `main.ts --role worker`. */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
// A Redis database of its own (1–15), so that no other run's worker sees this run's jobs.
const REDIS_URL = redisDatabaseUrl(1 + Math.floor(Math.random() * 15));
const reachable = await redisAvailable('the scale-mode worker test');

describe.runIf(reachable)('scale mode', { timeout: 180_000 }, () => {
  let dataDir: string;
  let database: ChildDatabase;
  let queue: BullmqJobQueue;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'melon-scale-'));
    database = await createChildDatabase(dataDir);
    queue = new BullmqJobQueue({
      db: database.db,
      newId: createIdGenerator({ workerId: 5 }),
      redisUrl: REDIS_URL,
      leaseMs: 30_000,
    });
  });

  afterAll(async () => {
    await queue.obliterate();
    await queue.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a worker process on REDIS_URL makes an ingested video playable', async () => {
    const db = database.db;
    const newId = createIdGenerator({ workerId: 6 });
    const source = path.join(dataDir, 'upload.mp4');
    await generateClip(source, { width: 320, height: 180, fps: 25, seconds: 2, audio: false });
    const { itemId, jobId } = await ingestVideo(
      {
        db,
        newId,
        dataDir,
        limits: { maxBytes: 1024 ** 3, maxDurationSeconds: 3600 },
        jobs: queue,
      },
      { sourcePath: source, title: '扩展模式', userId: await createUser(db, newId) },
    );

    const worker = spawn(process.execPath, [MAIN, '--role', 'worker'], {
      env: {
        ...process.env,
        MELON_DATA_DIR: dataDir,
        DATABASE_URL: database.databaseUrl,
        REDIS_URL,
        MELON_DEMO: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));

    try {
      for (;;) {
        const job = await findJob(db, jobId);
        if (job?.state === 'succeeded') break;
        if (job?.state === 'failed' || worker.exitCode !== null) throw new Error(output);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain('worker role runs bullmq jobs: transcode');
      expect(
        await db
          .selectFrom('item_media')
          .select('state')
          .where('item_id', '=', itemId)
          .executeTakeFirstOrThrow(),
      ).toEqual({ state: 'ready' });
      expect(await findJob(db, jobId)).toMatchObject({ attempts: 1, progress: 100 });
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
