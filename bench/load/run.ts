/**
 * bench/load: 200 simulated users for a few minutes against the scale mode behind nginx (the
 * shipped site file and units: two web processes and a worker on PostgreSQL and Redis), and
 * against one process on SQLite in the same run. Each user browses the home page, feeds and
 * video pages, searches now and then, plays the start of videos (playlist, init and media
 * segments), reads danmaku and comments, signs in with an SMS code and then sends danmaku,
 * likes and comments now and then. Requests per second, p50/p99 latency and errors per endpoint go into
 * docs/BENCHMARKS.md. Targets: no errors, p99 under 200 ms for pages and API calls.
 *   node bench/load/run.ts [--users 200] [--seconds 180]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { Cluster } from '../../e2e/scale/support/cluster.ts';
import { freshPostgres, freshRedis } from '../../e2e/scale/support/services.ts';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';
import { startDemoServer } from '../server-process.ts';
import { EndpointStats } from './endpoint-stats.ts';
import { VirtualUser } from './virtual-user.ts';

const users = numberOption('users', 200);
const seconds = numberOption('seconds', 180);
const WARM_UP_S = 10;
const NGINX_PORT = 8381;
const SQLITE_PORT = 3321;
const DEMO_CACHE = path.resolve(import.meta.dirname, '../../.cache/demo-cache');

interface Outcome {
  name: string;
  rows: ReturnType<EndpointStats['summary']>;
}

/** The ready videos the feeds list (no albums), as the users' pages find them. */
async function readyItems(origin: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const channelId of ['1', '2', '3', '4', '5']) {
    const answer = await fetch(`${origin}${getFeedById.path}?channelId=${channelId}&count=30`);
    const body = (await answer.json()) as { data: { list: { groupId: string }[] } };
    for (const cell of body.data.list) ids.add(cell.groupId);
  }
  const ready: string[] = [];
  for (const id of ids) {
    const answer = await fetch(`${origin}${getVideoDetails.path}?group_id=${id}`);
    const body = (await answer.json()) as { code: number; data: VideoDetails | null };
    if (body.code === 200 && body.data?.status === 'ready' && body.data.video_resource) {
      ready.push(id);
    }
  }
  if (ready.length === 0) throw new Error('the demo site lists no ready video');
  return ready;
}

/** `users` users against `origin` for the warm-up and `seconds`; only the latter is counted. */
async function load(name: string, origin: string, dataDir: string): Promise<Outcome> {
  const stats = new EndpointStats();
  const itemIds = await readyItems(origin);
  const until = Date.now() + (WARM_UP_S + seconds) * 1000;
  const target = { origin, dataDir, itemIds, stats, until };
  console.log(`${name}: ${users} users for ${WARM_UP_S} s + ${seconds} s`);
  // Arrivals spread over the warm-up, as people come to a site, not all in one millisecond.
  const running = Array.from({ length: users }, async (_, n) => {
    await new Promise((resolve) => setTimeout(resolve, (n / users) * WARM_UP_S * 1000));
    await new VirtualUser(target, n).run();
  });
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_S * 1000));
  stats.startRecording();
  await Promise.all(running);
  return { name, rows: stats.summary(seconds) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function table(outcome: Outcome): string {
  const rows = [...outcome.rows].sort((a, b) => a.name.localeCompare(b.name));
  const total = rows.reduce((sum, row) => sum + row.rps, 0);
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  return [
    `**${outcome.name}**: ${total.toFixed(0)} requests/s in all, ${errors} errors.`,
    '',
    '| endpoint | kind | requests/s | p50 | p99 | errors |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| \`${row.name}\` | ${row.kind} | ${row.rps.toFixed(1)} | ${ms(row.p50)} | ${ms(row.p99)} | ${row.errors}${row.statuses ? ` (${row.statuses})` : ''} |`,
    ),
  ].join('\n');
}

/** Pages and API calls over the 200 ms target, or with errors. */
function misses(outcome: Outcome): string[] {
  return outcome.rows
    .filter((row) => row.errors > 0 || (row.kind !== 'media' && row.p99 >= 200))
    .map((row) => `${outcome.name} \`${row.name}\` (p99 ${ms(row.p99)}, ${row.errors} errors)`);
}

const children: ChildProcess[] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'melon-load-'));
let cluster: Cluster | undefined;
let dropDatabase = () => Promise.resolve();
try {
  const loadBefore = loadavg()[0] ?? 0;

  const sqliteDir = path.join(dir, 'sqlite');
  const single = await startDemoServer(SQLITE_PORT, sqliteDir, children);
  const sqlite = await load('One process on SQLite', `http://127.0.0.1:${SQLITE_PORT}`, sqliteDir);
  single.kill('SIGTERM');

  const pg = await freshPostgres('melon_load');
  dropDatabase = () => pg.drop();
  const dataDir = path.join(dir, 'scale');
  cluster = new Cluster(
    {
      DATABASE_URL: pg.url,
      REDIS_URL: await freshRedis(),
      MELON_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      MELON_DEMO: '1',
      MELON_DEMO_CACHE_DIR: DEMO_CACHE,
      LOG_LEVEL: 'warn',
    },
    dir,
    NGINX_PORT,
  );
  console.log('starting nginx, two web processes and a worker on PostgreSQL and Redis…');
  await cluster.start();
  const scale = await load(
    'nginx → two web processes on PostgreSQL and Redis',
    cluster.origin,
    dataDir,
  );
  const loadAfter = loadavg()[0] ?? 0;

  const missed = [...misses(scale), ...misses(sqlite)];
  const body = [
    `Run on ${new Date().toISOString().slice(0, 10)}, one 2-core machine shared with other work (load average ${loadBefore.toFixed(1)} at the start, ${loadAfter.toFixed(1)} at the end): the load generator, nginx, the Melon processes, PostgreSQL and Redis all on it, over loopback. ${users} simulated users, each with an address of its own from TEST-NET-2/3 in X-Forwarded-For (believed from a loopback proxy, so every per-address limit is on and counts them apart), ${WARM_UP_S} s of warm-up then ${seconds} s counted, 1–3 s of thought between steps, arrivals spread over the warm-up. Each user, in rounds: home page, a channel feed, a search in three rounds of ten, a video page with its details, the start of its playback (rendition playlist, init segment, two media segments), its danmaku and comments; signs in with an SMS code once in the first minute, then sends a danmaku (half of the rounds), likes or unlikes (a fifth) and comments (a tenth). Pages as a browser asks for them (decision 054): a visit opens with a document (the home page, or the video page half the time, as from a shared link) and goes on as the single-page app it is, each next page a client-side navigation that fetches only its loader data (\`.data\`); a round opens a new visit one time in five, so a visit is ten pages on average. The site is the demo site on both sides (\`MELON_DEMO=1\`). Latency is measured by the load generator, so it includes its own queueing on the shared cores. An error is a non-2xx answer, an envelope whose code is not 200, or no answer.`,
    '',
    table(scale),
    '',
    table(sqlite),
    '',
    missed.length === 0
      ? '**Targets met**: no errors, p99 under 200 ms for every page and API call, on both.'
      : `**Targets missed**: ${missed.join('; ')}.`,
  ].join('\n');
  console.log(`\n${body}\n`);
  await writeBenchmarkSection(
    'load',
    'Load: 200 simulated users through nginx beside one process on SQLite',
    body,
  );
} finally {
  await cluster?.stop();
  for (const child of children) child.kill('SIGTERM');
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
}
