import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request, test, type Page } from '@playwright/test';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { sendSmsCode, smsLogin } from '@melon/shared/calls/passport.calls';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { decodeVideoUrl } from '@melon/shared/format/video-url';
import { generateClip } from '@melon/media/lavfi-clip';
import { migrateToLatest } from '@melon/db/migrate';
import { openDatabase, type OpenedDatabase } from '@melon/db/open-database';
import { ensureDefaultChannels } from '../../apps/server/src/modules/channel/ensure-default-channels.ts';
import { waitForHydration } from '../support/hydration.ts';
import { startTestS3Server, type TestS3Server } from '../../apps/server/src/testing/s3-server.ts';
import { danmakuSender, type DanmakuSender } from './support/danmaku-sender.ts';
import { DeployDoc, REPO_ROOT } from './support/deploy-doc.ts';
import { Cluster, directOrigin, WEB_PORTS } from './support/cluster.ts';
import { waitReady } from './support/melon-process.ts';
import { databaseUrl, freshPostgres, freshRedis } from './support/services.ts';

/*
 * Issue 16's scale mode as an operator runs it: nginx (the shipped site file) in front of two
 * web processes and a worker (the shipped units) on a fresh PostgreSQL database and Redis, all
 * on loopback, every command of docs/DEPLOY.md run on the way. A video imported with the
 * doc's command is transcoded by the worker; another's transcode survives the worker's
 * kill -9; a viewer in Chromium plays through nginx and sees danmaku sent through either web
 * process; each web process in turn is killed -9 during playback, and the page plays on and
 * its danmaku connection comes back. Nothing sent or imported is lost.
 */

const NGINX_PORT = 8380;
const RESULTS = path.resolve(import.meta.dirname, '../../test-results/scale');

// Made in beforeAll: Playwright also loads this file where it only lists the tests.
let dir = '';
let destdir = '';
let backups = '';
const doc = new DeployDoc();
let cluster: Cluster;
let settings: Record<string, string>;
let dropDatabases: (...extra: string[]) => Promise<void> = () => Promise.resolve();
let database: OpenedDatabase;
let sender: DanmakuSender | undefined;
let s3: TestS3Server | undefined;
const restoredDb = `melon_restored_${process.pid}`;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}

const mediaState = async (itemId: string) =>
  (
    await database.db
      .selectFrom('item_media')
      .select('state')
      .where('item_id', '=', itemId)
      .executeTakeFirst()
  )?.state;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'melon-scale-'));
  destdir = path.join(dir, 'root');
  backups = path.join(dir, 'backups');
  const pg = await freshPostgres('melon_scale');
  dropDatabases = pg.drop;
  mkdirSync(backups, { recursive: true });
  s3 = await startTestS3Server();
  const bucket = s3.settings;
  // What /etc/melon/melon.env holds on a server (docs/DEPLOY.md), for this run; each process
  // has a data dir of its own (the cluster's), so nothing shared may live on one disk.
  settings = {
    DATABASE_URL: pg.url,
    REDIS_URL: await freshRedis(),
    MELON_S3_ENDPOINT: bucket.endpoint ?? '',
    MELON_S3_BUCKET: bucket.bucket,
    MELON_S3_REGION: bucket.region,
    MELON_S3_ACCESS_KEY_ID: bucket.accessKeyId,
    MELON_S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
    MELON_S3_FORCE_PATH_STYLE: '1',
    HOST: '127.0.0.1',
    // The site's address: nginx's (the units set NODE_ENV=production, which needs it).
    MELON_PUBLIC_URL: `http://127.0.0.1:${NGINX_PORT}`,
    MELON_DEMO: '0',
    LOG_LEVEL: 'warn',
    // A worker killed mid-job loses it after 3 s instead of a minute.
    MELON_JOB_LEASE_MS: '3000',
    MELON_MIN_FREE_DISK_BYTES: '0',
  };
  database = openDatabase({ databaseUrl: pg.url, dataDir: dir });
  cluster = new Cluster(settings, dir, NGINX_PORT);
});

test.afterAll(async () => {
  try {
    await sender?.close();
    await cluster.stop();
    await database.close();
    await s3?.close();
  } finally {
    await dropDatabases(restoredDb);
    // The processes' and nginx's logs stay with the run's results.
    for (const log of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (log.endsWith('.log')) cpSync(path.join(dir, log), path.join(RESULTS, log));
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the shipped units and site file install, and every process comes up together on an empty database', async () => {
  await doc.run('install', { DESTDIR: destdir });
  // All three at the same moment: migrations and first-start seeding run once, under a lock.
  await cluster.start();
  const answer = await fetch(`${cluster.origin}/readyz`);
  expect(answer.status).toBe(200);
  sender = await danmakuSender(required(settings.DATABASE_URL, 'DATABASE_URL'), dir);
});

let itemId = '';

test('a video imported with the doc’s command is transcoded by the worker; one whose worker is killed -9 mid-transcode is finished by the restarted worker', async () => {
  // The command line has a data dir of its own too: it copies the file there, then into S3.
  const cli = cluster.settingsOf('cli');
  const imported = (await doc.run('import', cli)).trim().split('\n')[0] ?? '';
  expect(imported).toMatch(/^\d{19}$/);
  expect(await mediaState(imported)).toBe('ready');

  // 30 s of 640×360: long enough to be caught mid-transcode, and to play through two kills.
  const source = path.join(dir, 'long.mp4');
  await generateClip(source, { width: 640, height: 360, fps: 30, seconds: 30, audio: true });
  const env = { ...cli, VIDEO: source };
  itemId = (await doc.run('import-no-wait', env)).trim();
  expect(itemId).toMatch(/^\d{19}$/);
  const job = () =>
    database.db
      .selectFrom('jobs')
      .select(['id', 'state', 'progress', 'attempts'])
      .where('payload', 'like', `%${itemId}%`)
      .executeTakeFirst();
  await expect
    .poll(async () => (await job())?.progress ?? 0, { timeout: 120_000 })
    .toBeGreaterThan(0);
  await required(cluster.worker, 'the worker').killHard();
  expect(await mediaState(itemId)).toBe('processing');
  cluster.startWorker();
  await cluster.workerRunning();
  await expect.poll(() => mediaState(itemId), { timeout: 240_000 }).toBe('ready');
  // The handler marks the media ready; the queue records the job's end just after it returns.
  await expect.poll(job, { timeout: 30_000 }).toMatchObject({ state: 'succeeded', progress: 100 });
});

/** Number of seconds the page's video has played. */
const playedSeconds = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

const listRow = (page: Page, text: string) =>
  page
    .getByRole('region', { name: '弹幕列表' })
    .getByRole('button', { name: new RegExp(` ${text} `) });

test('a viewer plays through nginx, sees danmaku sent through either process, and plays on while each web process is killed -9', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: cluster.origin,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`/${itemId}`);
  await waitForHydration(page);
  await expect(page.getByText(/\d+人正在看/)).toBeVisible();
  await page.locator('video').evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
  });
  await expect.poll(() => playedSeconds(page)).toBeGreaterThan(0.5);

  // Through each process in turn: whichever the viewer's socket reached, one crossed over.
  const sent: string[] = [];
  for (const port of WEB_PORTS) {
    const text = `经由${port}送达`;
    sent.push(await required(sender, 'the sender').send(directOrigin(port), itemId, text));
    await expect(listRow(page, text)).toBeVisible();
  }

  for (const [killed, survivor] of [WEB_PORTS, [...WEB_PORTS].reverse()] as const) {
    // Back to the start, so that the 30 s video cannot end within the 2 s awaited below, however
    // long a busy machine took to get here (it had once reached 30.016 s, its end).
    await page.locator('video').evaluate((video: HTMLVideoElement) => {
      video.currentTime = 0;
    });
    const before = await playedSeconds(page);
    await cluster.webProcess(killed).killHard();
    // Playback goes on: segments and the page's calls reach the other process through nginx.
    await expect.poll(() => playedSeconds(page)).toBeGreaterThan(before + 2);
    // The danmaku connection is back (on the survivor): a danmaku sent now arrives live.
    const text = `${killed}倒下后经由${survivor}`;
    sent.push(await required(sender, 'the sender').send(directOrigin(survivor), itemId, text));
    await expect(listRow(page, text)).toBeVisible();
    // The killed process's viewers leave the count with its presence key (10 s, decision 009):
    // the one viewer is counted once again, not on both processes.
    await expect(page.getByText('1人正在看')).toBeVisible();
    await waitReady(cluster.startWeb(killed), `${directOrigin(killed)}/readyz`);
  }
  await page.screenshot({ path: path.join(RESULTS, 'viewer-after-kills.png') });

  // Nothing lost: every danmaku sent is stored once, and the page ends without a failed state.
  const stored = await database.db
    .selectFrom('danmaku')
    .select('id')
    .where('item_id', '=', itemId)
    .execute();
  expect(stored.map((row) => row.id).sort()).toEqual([...sent].sort());
  await context.close();
});

test('nginx passes byte ranges, caching headers, compression and client addresses as the site needs them', async () => {
  const origin = cluster.origin;
  const details = (await (
    await fetch(`${origin}${getVideoDetails.path}?group_id=${itemId}`)
  ).json()) as { data: VideoDetails };
  const rendition = required(details.data.video_resource?.video_list[0], 'a rendition');
  const playlistUrl = new URL(
    required(decodeVideoUrl(rendition.main_url) ?? undefined, 'a playlist'),
    origin,
  );
  const playlist = await (await fetch(playlistUrl)).text();
  const segment = required(
    playlist.split('\n').find((line) => line.endsWith('.m4s')),
    'a media segment',
  );
  const range = await fetch(new URL(segment, playlistUrl), {
    headers: { range: 'bytes=0-99', 'accept-encoding': 'gzip, br' },
  });
  expect(range.status).toBe(206);
  expect(range.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
  expect(range.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(range.headers.get('content-encoding')).toBeNull();
  expect((await range.arrayBuffer()).byteLength).toBe(100);

  // API answers are gzipped by nginx; the build's assets keep their own Brotli copy.
  const feed = await fetch(`${origin}${getFeedById.path}?channelId=1&count=5`, {
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(feed.headers.get('content-encoding')).toBe('gzip');
  const home = await (await fetch(`${origin}/`)).text();
  // The build keeps .br copies of its larger files only: take a script the page names that has one.
  const clientDir = path.join(REPO_ROOT, 'apps/web/build/client');
  const script = required(
    [...home.matchAll(/\/assets\/[\w.-]+\.js/g)]
      .map((match) => match[0])
      .find((file) => existsSync(path.join(clientDir, `${file}.br`))),
    'a built script with a Brotli copy',
  );
  const asset = await fetch(`${origin}${script}`, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers.get('content-encoding')).toBe('br');

  // Over nginx's body limit: the app's envelope and words, not nginx's page.
  const tooLarge = await fetch(`${origin}${getFeedById.path}`, {
    method: 'POST',
    body: new Uint8Array(9 * 1024 * 1024),
  });
  expect(tooLarge.status).toBe(413);
  expect(await tooLarge.json()).toEqual({ code: 413, message: '请求体过大', data: null });

  // The client's address reaches the site through nginx: a sign-in records it on the session.
  const client = '198.51.100.77';
  const mobile = `1370000${String(process.pid % 10_000).padStart(4, '0')}`;
  const visitor = await request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { 'x-forwarded-for': client },
  });
  try {
    const config = await visitor.get(getGlobalConfig.path);
    const csrf = {
      [CSRF_HEADER]: ((await config.json()) as { data: { csrfToken: string } }).data.csrfToken,
    };
    await visitor.post(sendSmsCode.path, { headers: csrf, data: { mobile, type: 'login' } });
    // Whichever web process answered wrote the code to its own outbox.
    const outbox = WEB_PORTS.map((port) => {
      const file = path.join(dir, `web-${port}`, 'outbox', 'sms.jsonl');
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    }).join('\n');
    const sent =
      outbox
        .split('\n')
        .filter((line) => line.includes(mobile))
        .at(-1) ?? '{}';
    const { code } = JSON.parse(sent) as { code: string };
    const login = await visitor.post(smsLogin.path, { headers: csrf, data: { mobile, code } });
    expect(((await login.json()) as { code: number }).code).toBe(200);
  } finally {
    await visitor.dispose();
  }
  const sessions = await database.db.selectFrom('sessions').select('ip').execute();
  expect(sessions.map((row) => row.ip)).toContain(client);
});

test('the doc’s metrics, backup and restore commands work on this site', async () => {
  const metrics = await doc.run('metrics', settings);
  expect(metrics).toMatch(/^melon_http_requests_total\{/m);
  expect(metrics).toMatch(/^process_resident_memory_bytes /m);

  const env = { ...settings, BACKUP_DIR: backups, RESTORE_DB: restoredDb };
  await doc.run('backup-postgres', env);
  await doc.run('restore-postgres', env);
  const restored = openDatabase({ databaseUrl: databaseUrl(restoredDb), dataDir: dir });
  try {
    const items = await restored.db.selectFrom('items').select('id').execute();
    expect(items.map((row) => row.id)).toContain(itemId);
  } finally {
    await restored.close();
  }

  // The embedded mode's online backup, on a SQLite site of its own.
  const sqliteDir = path.join(dir, 'sqlite-site');
  mkdirSync(sqliteDir);
  const sqliteEnv = {
    MELON_DATA_DIR: sqliteDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    BACKUP_DIR: backups,
  };
  const created = openDatabase({ dataDir: sqliteDir });
  await migrateToLatest(created.db);
  await ensureDefaultChannels(created.db);
  await created.close();
  await doc.run('backup-sqlite', sqliteEnv);
  writeFileSync(path.join(sqliteDir, 'melon.sqlite-wal'), 'stale');
  await doc.run('restore-sqlite', sqliteEnv);
  const site = openDatabase({ dataDir: sqliteDir });
  try {
    const channels = await site.db.selectFrom('channels').select('id').execute();
    expect(channels.length).toBeGreaterThan(0);
  } finally {
    await site.close();
  }
});

test('every command of docs/DEPLOY.md was run', () => {
  expect(doc.notRun()).toEqual([]);
});
