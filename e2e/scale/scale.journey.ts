import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generateClip } from '@melon/media/lavfi-clip';
import { migrateToLatest } from '@melon/db/migrate';
import { openDatabase, type OpenedDatabase } from '@melon/db/open-database';
import { ensureDefaultChannels } from '../../apps/server/src/modules/channel/ensure-default-channels.ts';
import { waitForHydration } from '../support/hydration.ts';
import { danmakuSender, type DanmakuSender } from './support/danmaku-sender.ts';
import { DeployDoc } from './support/deploy-doc.ts';
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

const dir = mkdtempSync(path.join(tmpdir(), 'melon-scale-'));
const destdir = path.join(dir, 'root');
const backups = path.join(dir, 'backups');
const doc = new DeployDoc();
let cluster: Cluster;
let settings: Record<string, string>;
let dropDatabases: (...extra: string[]) => Promise<void> = () => Promise.resolve();
let database: OpenedDatabase;
let sender: DanmakuSender | undefined;
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
  const pg = await freshPostgres('melon_scale');
  dropDatabases = pg.drop;
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(backups, { recursive: true });
  // What /etc/melon/melon.env holds on a server (docs/DEPLOY.md), for this run.
  settings = {
    DATABASE_URL: pg.url,
    REDIS_URL: await freshRedis(),
    MELON_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    MELON_DEMO: '0',
    LOG_LEVEL: 'warn',
    // A worker killed mid-job loses it after 3 s instead of a minute.
    MELON_JOB_LEASE_MS: '3000',
    MELON_MIN_FREE_DISK_BYTES: '0',
  };
  database = openDatabase({ databaseUrl: pg.url, dataDir });
  cluster = new Cluster(settings, dir, NGINX_PORT);
});

test.afterAll(async () => {
  await sender?.close();
  await cluster.stop();
  await database.close();
  await dropDatabases(restoredDb);
  // The processes' and nginx's logs stay with the run's results.
  for (const log of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (log.endsWith('.log')) cpSync(path.join(dir, log), path.join(RESULTS, log));
  }
  rmSync(dir, { recursive: true, force: true });
});

test('the shipped units and site file install, and every process comes up together on an empty database', async () => {
  await doc.run('install', { DESTDIR: destdir });
  // All three at the same moment: migrations and first-start seeding run once, under a lock.
  await cluster.start();
  const answer = await fetch(`${cluster.origin}/readyz`);
  expect(answer.status).toBe(200);
  sender = await danmakuSender(
    required(settings.DATABASE_URL, 'DATABASE_URL'),
    required(settings.MELON_DATA_DIR, 'MELON_DATA_DIR'),
  );
});

let itemId = '';

test('a video imported with the doc’s command is transcoded by the worker; one whose worker is killed -9 mid-transcode is finished by the restarted worker', async () => {
  const imported = (await doc.run('import', settings)).trim().split('\n')[0] ?? '';
  expect(imported).toMatch(/^\d{19}$/);
  expect(await mediaState(imported)).toBe('ready');

  // 30 s of 640×360: long enough to be caught mid-transcode, and to play through two kills.
  const source = path.join(dir, 'long.mp4');
  await generateClip(source, { width: 640, height: 360, fps: 30, seconds: 30, audio: true });
  const env = { ...settings, VIDEO: source };
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
  expect(await job()).toMatchObject({ state: 'succeeded', progress: 100 });
});

/** Number of seconds the page's video has played. */
const playedSeconds = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

const listRow = (page: Page, text: string) =>
  page
    .getByRole('region', { name: '弹幕列表' })
    .getByRole('button', { name: new RegExp(`：${text}，`) });

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
    const before = await playedSeconds(page);
    await cluster.webProcess(killed).killHard();
    // Playback goes on: segments and the page's calls reach the other process through nginx.
    await expect.poll(() => playedSeconds(page)).toBeGreaterThan(before + 2);
    // The danmaku connection is back (on the survivor): a danmaku sent now arrives live.
    const text = `${killed}倒下后经由${survivor}`;
    sent.push(await required(sender, 'the sender').send(directOrigin(survivor), itemId, text));
    await expect(listRow(page, text)).toBeVisible();
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
