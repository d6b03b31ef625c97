import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from '@melon/media/lavfi-clip';
import { hlsRepresentation, streamFacts } from '@melon/media/testing/inspect-package';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { decodeVideoUrl } from '@melon/shared/format/video-url';
import { createIdGenerator } from '@melon/shared/ids/id';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import { ingestVideo } from '../modules/media-ingest/ingest.service.ts';
import { createChildDatabase, type ChildDatabase } from '../testing/child-database.ts';
import { createUser } from '../testing/factories.ts';
import { createServer } from '../server.ts';
import { DatabaseJobQueue } from './database-job-queue.ts';
import { findJob } from './job.repository.ts';

/*
 * The worker killed mid-transcode (SIGKILL to its whole process group, ffmpeg included, as a
 * crashed container or machine loses it) leaves a running job with a lease nobody renews; a new
 * worker takes it over once the lease runs out, starts clean and makes the item playable.
 */

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const LEASE_MS = 1500;

let dataDir: string;
let database: ChildDatabase;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'melon-kill-'));
  database = await createChildDatabase(dataDir);
});

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(-child.pid, 'SIGKILL');
    }
  }
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `node main.ts --role worker` in its own process group, on the test's data dir and database. */
function startWorker(): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [MAIN, '--role', 'worker'], {
    env: {
      ...process.env,
      MELON_DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl,
      REDIS_URL: '',
      MELON_JOB_LEASE_MS: String(LEASE_MS),
      MELON_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

/** Reads until `check` answers a value (the worker is another process). */
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('a worker killed during a transcode', { timeout: 180_000 }, () => {
  it('is replaced by another that finishes the job; nothing half-written is served', async () => {
    const newId = createIdGenerator({ workerId: 7 });
    const db = database.db;
    const source = path.join(dataDir, 'upload.mp4');
    await generateClip(source, { width: 640, height: 360, fps: 30, seconds: 10, audio: true });
    const queue = new DatabaseJobQueue({ db, newId, leaseMs: LEASE_MS });
    const { itemId, jobId } = await ingestVideo(
      {
        db,
        newId,
        dataDir,
        limits: { maxBytes: 1024 ** 3, maxDurationSeconds: 3600 },
        jobs: queue,
      },
      { sourcePath: source, title: '杀掉转码进程', userId: await createUser(db, newId) },
    );

    const first = startWorker();
    const interrupted = await until(async () => {
      const job = await findJob(db, jobId);
      return job && job.state === 'running' && job.progress > 0 ? job : undefined;
    });
    process.kill(-(first.child.pid ?? 0), 'SIGKILL');
    expect(await first.exited).toBeNull();
    // Killed inside the ladder (0–85 %): the item is still processing, nothing is referenced.
    expect(interrupted.progress).toBeLessThan(85);
    const media = await db
      .selectFrom('item_media')
      .selectAll()
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(media).toMatchObject({ state: 'processing', package_dir: null, derived_dir: null });

    const second = startWorker();
    const ready = await until(async () => {
      const row = await db
        .selectFrom('item_media')
        .selectAll()
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      if (row?.state === 'failed') throw new Error(`transcode failed: ${second.output()}`);
      const job = await findJob(db, jobId);
      return row?.state === 'ready' && job?.state === 'succeeded' ? row : undefined;
    });
    expect(await findJob(db, jobId)).toMatchObject({
      state: 'succeeded',
      attempts: 2,
      progress: 100,
    });

    const renditions = await db
      .selectFrom('item_renditions')
      .selectAll()
      .where('item_id', '=', itemId)
      .orderBy('representation_id')
      .execute();
    expect(renditions.map((r) => r.definition)).toEqual(['360p', null]);
    const mediaRoot = path.join(dataDir, 'media');
    for (const rendition of renditions) {
      const packageDir = path.join(mediaRoot, ready.package_dir ?? '');
      expect(await exists(path.join(packageDir, rendition.init_segment))).toBe(true);
      expect(await exists(path.join(packageDir, rendition.hls_playlist))).toBe(true);
    }
    // Only the finished package and derived directories: no `.partial` left by the killed run.
    expect(await readdir(path.join(mediaRoot, 'v', itemId))).toEqual([
      path.basename(ready.derived_dir ?? ''),
    ]);
    expect(await readdir(path.join(mediaRoot, 'private', 'v', itemId))).toEqual([
      path.basename(ready.package_dir ?? ''),
    ]);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    await expectPlayableOverHttp(itemId);
  });
});

/**
 * What a viewer gets: the details call answers the item as ready, and its rendition's signed
 * playlist and segments, fetched over HTTP from a web server on the same data, make a video
 * ffprobe reads at the rendition's size.
 */
async function expectPlayableOverHttp(itemId: string): Promise<void> {
  const web = await createServer({
    db: database.db,
    newId: createIdGenerator({ workerId: 8 }),
    dataDir,
    secret: randomBytes(32),
    webBuild: undefined,
    oauthProviders: [],
    logLevel: 'silent',
  });
  try {
    const answer = await web.inject({ url: `${getVideoDetails.path}?group_id=${itemId}&aid=1768` });
    expect(answer.statusCode).toBe(200);
    const details = answer.json<{ data: VideoDetails }>().data;
    expect(details.status).toBe('ready');
    const [video] = details.video_resource?.video_list ?? [];
    if (!video) throw new Error('the ready item lists no rendition');
    const playlistUrl = decodeVideoUrl(video.main_url) ?? '';
    const playlist = await web.inject({ url: playlistUrl });
    expect(playlist.statusCode).toBe(200);
    const listed = hlsRepresentation(playlist.body);
    const parts: Buffer[] = [];
    for (const name of [listed.init, ...listed.media]) {
      const file = await web.inject({ url: new URL(name, `http://melon${playlistUrl}`).pathname });
      expect(file.statusCode, name).toBe(200);
      parts.push(file.rawPayload);
    }
    const fetched = path.join(dataDir, 'fetched.mp4');
    await writeFile(fetched, Buffer.concat(parts));
    expect(await streamFacts(fetched)).toMatchObject({
      codec: 'h264',
      width: video.vwidth,
      height: video.vheight,
    });
  } finally {
    await web.close();
  }
}
