import { spawn, type ChildProcess } from 'node:child_process';
import { access, copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from '@melon/media/lavfi-clip';
import { mediaFixture } from '@melon/media/testing/fixtures';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createChildDatabase, type ChildDatabase } from '../testing/child-database.ts';
import { createUser } from '../testing/factories.ts';
import { SITE_ACCOUNT_NAME } from './import.ts';

const MELON = fileURLToPath(new URL('../../bin/melon.js', import.meta.url));

let workDir: string;
let dataDir: string;
let database: ChildDatabase;
let clip: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'melon-import-'));
  dataDir = path.join(workDir, 'data');
  database = await createChildDatabase(dataDir);
  clip = path.join(workDir, 'clip.mp4');
  await generateClip(clip, { width: 320, height: 180, fps: 25, seconds: 2, audio: true });
}, 60_000);

afterAll(async () => {
  await database.close();
  await rm(workDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `melon import …` as a user runs it: a child process on the test's data dir and database. */
function melon(...args: string[]): Promise<Run> {
  return started(...args).finished;
}

function started(...args: string[]): {
  child: ChildProcess;
  stderr: () => string;
  finished: Promise<Run>;
} {
  const child = spawn(process.execPath, [MELON, 'import', ...args], {
    env: {
      ...process.env,
      MELON_DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl,
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<Run>((resolve) => {
    child.once('exit', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
  return { child, stderr: () => stderr, finished };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function media(itemId: string) {
  return database.db
    .selectFrom('item_media as m')
    .innerJoin('items as i', 'i.id', 'm.item_id')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['m.state', 'm.package_dir', 'i.title', 'u.name as author', 'u.id as user_id'])
    .where('m.item_id', '=', itemId)
    .executeTakeFirst();
}

async function renditionsOf(itemId: string) {
  const rows = await database.db
    .selectFrom('item_renditions')
    .select(['kind', 'definition', 'init_segment'])
    .where('item_id', '=', itemId)
    .orderBy('representation_id')
    .execute();
  return rows;
}

async function rowCounts() {
  const count = async (table: 'items' | 'item_media' | 'jobs') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sources = await readdir(path.join(dataDir, 'sources')).catch(() => []);
  return {
    items: await count('items'),
    media: await count('item_media'),
    jobs: await count('jobs'),
    sources: sources.length,
  };
}

/** The new item id: the one line on stdout. */
function itemIdOf(run: Run): string {
  expect(run.stdout).toMatch(/^[1-9][0-9]{18}\n$/);
  return run.stdout.trim();
}

describe('melon import', { timeout: 240_000 }, () => {
  it('publishes a clip under the site account and, with --wait, shows progress until it plays', async () => {
    const run = await melon(clip, '--title', '命令行导入', '--wait');
    expect(run.code, run.stderr).toBe(0);
    const itemId = itemIdOf(run);
    expect(run.stderr).toContain('100% 处理完成');
    expect(await media(itemId)).toMatchObject({
      state: 'ready',
      title: '命令行导入',
      author: SITE_ACCOUNT_NAME,
    });
    expect((await renditionsOf(itemId)).map((r) => [r.kind, r.definition])).toEqual([
      ['video', '360p'],
      ['audio', null],
    ]);
    // The file given is copied, never moved away from its owner.
    expect(await exists(clip)).toBe(true);
  });

  it('without --wait prints the id and leaves the job queued for a worker', async () => {
    const run = await melon(clip, '--title', '稍后处理');
    expect(run.code, run.stderr).toBe(0);
    const itemId = itemIdOf(run);
    expect(await media(itemId)).toMatchObject({ state: 'processing', package_dir: null });
    const job = await database.db
      .selectFrom('jobs')
      .innerJoin('item_media as m', 'm.job_id', 'jobs.id')
      .select(['jobs.state', 'jobs.name'])
      .where('m.item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'queued', name: 'transcode' });
  });

  it('refuses a still image with a clear message and leaves nothing behind', async () => {
    const before = await rowCounts();
    const image = mediaFixture('image.jpg');
    const run = await melon(image, '--title', '一张图片', '--wait');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('melon: 这是一张图片，不是视频，请上传视频文件');
    expect(await rowCounts()).toEqual(before);
    expect(await exists(image)).toBe(true);
  });

  it('makes the WebM without audio playable, under the given user', async () => {
    const userId = await createUser(database.db, createIdGenerator({ workerId: 9 }));
    const webm = path.join(workDir, 'Big_Buck_Bunny_180_10s.webm');
    await copyFile(mediaFixture('Big_Buck_Bunny_180_10s.webm'), webm);
    const run = await melon(webm, '--title', '大雄兔', '--user', userId, '--wait');
    expect(run.code, run.stderr).toBe(0);
    const itemId = itemIdOf(run);
    expect(await media(itemId)).toMatchObject({ state: 'ready', user_id: userId });
    expect((await renditionsOf(itemId)).map((r) => [r.kind, r.definition])).toEqual([
      ['video', '360p'],
    ]);
  });

  it('makes the Indeo 4 AVI playable', async () => {
    const run = await melon(mediaFixture('video-1s.avi'), '--title', '老式编码', '--wait');
    expect(run.code, run.stderr).toBe(0);
    const itemId = itemIdOf(run);
    expect(await media(itemId)).toMatchObject({ state: 'ready' });
    const renditions = await renditionsOf(itemId);
    expect(renditions.map((r) => r.kind)).toEqual(['video']);
    const packageDir = path.join(dataDir, 'media', (await media(itemId))?.package_dir ?? '');
    expect(await exists(path.join(packageDir, renditions[0]?.init_segment ?? 'none'))).toBe(true);
  });

  it('stops waiting on Ctrl-C and hands the job back to the queue', async () => {
    const long = path.join(workDir, 'long.mp4');
    await generateClip(long, { width: 640, height: 360, fps: 30, seconds: 20, audio: false });
    const run = started(long, '--title', '等不及了', '--wait');
    while (!run.stderr().includes('视频处理中')) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    run.child.kill('SIGINT');
    const result = await run.finished;
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('仍在队列中');
    const itemId = itemIdOf(result);
    const job = await database.db
      .selectFrom('jobs')
      .innerJoin('item_media as m', 'm.job_id', 'jobs.id')
      .select(['jobs.state', 'jobs.attempts', 'jobs.lease_owner', 'm.state as media'])
      .where('m.item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'queued', attempts: 0, lease_owner: null, media: 'processing' });
  });

  it.each([
    [['--title', '没有文件'], 2, 'usage: melon import'],
    [[path.join(tmpdir(), 'no-such-file.mp4'), '--title', '不存在'], 1, 'no such file'],
    [['CLIP', '--wait'], 2, 'usage: melon import'],
    [['CLIP', '--title', '坏用户', '--user', 'abc'], 2, '--user must be a user id'],
    [['CLIP', '--title', '无此用户', '--user', '1234567890123456789'], 1, '作者账号不存在'],
    [['CLIP', '--title', '   '], 1, '请填写视频标题'],
    [['CLIP', '--title', 'x', '--colour', 'red'], 2, "Unknown option '--colour'"],
  ])('refuses %j with exit %i, changing nothing', async (args, code, message) => {
    const before = await rowCounts();
    const run = await melon(...args.map((arg) => (arg === 'CLIP' ? clip : arg)));
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
    expect(await rowCounts()).toEqual(before);
  });
});
