/**
 * bench/recommend: the recommend feed of a signed-in viewer with history (issue 13), at
 * 10 000 users × 50 000 items, beside the request path's ceiling in the same run.
 *   node bench/recommend/run.ts [--users 10000] [--items 50000] [--requests 400] [--postgres 1]
 * For each sampled viewer, in turn: the first page (the list built: candidates, ranking,
 * mixing), the second page (paged from the built list), and a visitor's first page (the shared
 * answer, built once: the ceiling of the route). Latencies over loopback HTTP, one request at a
 * time. SQLite always; PostgreSQL too with --postgres 1 (DATABASE_URL or the local default),
 * analysed after the data is written as autovacuum would have.
 * Target: p99 of the first page under 50 ms on SQLite. Writes docs/BENCHMARKS.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { WEB_ID_COOKIE } from '@melon/shared/api/constants';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { createIdGenerator } from '@melon/shared/ids/id';
import { ensureDefaultChannels } from '../../apps/server/src/modules/channel/ensure-default-channels.ts';
import { SESSION_COOKIE } from '../../apps/server/src/modules/session/session.plugin.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { newSessionToken } from '../../apps/server/src/testing/session-token.ts';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';
import { median, percentile } from '../statistics.ts';
import { generateWorld, random } from './world.ts';

const users = numberOption('users', 10_000);
const items = numberOption('items', 50_000);
const requests = numberOption('requests', 400);
const withPostgres = numberOption('postgres', 0) === 1;

interface Series {
  p50: number;
  p99: number;
}

interface Run {
  dialect: string;
  buildSeconds: number;
  firstPage: Series;
  nextPage: Series;
  ceiling: Series;
}

const series = (times: number[]): Series => ({
  p50: median(times),
  p99: percentile(times, 0.99),
});

async function timed(url: string, cookie: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = (await res.json()) as { data?: { list?: unknown[] } };
  const took = performance.now() - start;
  if (res.status !== 200 || !body.data?.list?.length) throw new Error(`${url}: ${res.status}`);
  return took;
}

async function runOn(dialect: 'sqlite' | 'postgres'): Promise<Run> {
  process.env.MELON_TEST_DIALECT = dialect;
  const opened: OpenedDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-bench-'));
  try {
    const { db } = opened;
    await ensureDefaultChannels(db);
    console.log(`${dialect}: generating ${users} users × ${items} items…`);
    const started = performance.now();
    const world = await generateWorld(
      db,
      { users, items, authors: Math.floor(users / 5), clusters: 50, viewsPerUser: 50, follows: 10 },
      {
        seed: 13,
        nowMs: Date.now(),
        progress: (what) => {
          console.log(`  ${what}`);
        },
      },
    );
    // PostgreSQL plans from table statistics, which autovacuum gathers on a live site; a table
    // filled a second ago has none yet.
    if (dialect === 'postgres') await sql`analyze`.execute(db);
    const buildSeconds = (performance.now() - started) / 1000;
    const newId = createIdGenerator();
    const rand = random(7);
    const sampled = Array.from(
      { length: requests },
      () => world.userIds[Math.floor(rand() * world.userIds.length)] ?? '',
    );
    const cookies = await Promise.all(
      sampled.map(
        async (userId) =>
          `${WEB_ID_COOKIE}=${newId()}; ${SESSION_COOKIE}=${await newSessionToken(db, newId, userId)}`,
      ),
    );
    const app = await createServer({
      db,
      newId,
      dataDir,
      secret: randomBytes(32),
      webBuild: undefined,
      oauthProviders: [],
      logLevel: 'silent',
    });
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const url = (offset: number) =>
      `${origin}${getFeedById.path}?channelId=1&offset=${offset}&count=30`;
    const visitor = `${WEB_ID_COOKIE}=${newId()}`;
    try {
      // Warm-up: statement caches, the shared pools, the JIT.
      for (const cookie of cookies.slice(0, 20)) await timed(url(0), cookie);
      const first: number[] = [];
      const next: number[] = [];
      const ceiling: number[] = [];
      for (const cookie of cookies) {
        first.push(await timed(url(0), cookie));
        next.push(await timed(url(30), cookie));
        ceiling.push(await timed(url(0), visitor));
      }
      return {
        dialect,
        buildSeconds,
        firstPage: series(first),
        nextPage: series(next),
        ceiling: series(ceiling),
      };
    } finally {
      await app.close();
    }
  } finally {
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadBefore = loadavg()[0] ?? 0;
const runs: Run[] = [await runOn('sqlite')];
if (withPostgres) runs.push(await runOn('postgres'));

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rows = runs.map(
  (run) =>
    `| ${run.dialect} | ${ms(run.firstPage.p50)} | **${ms(run.firstPage.p99)}** | ` +
    `${ms(run.nextPage.p50)} | ${ms(run.nextPage.p99)} | ${ms(run.ceiling.p50)} | ` +
    `${ms(run.ceiling.p99)} | ${(run.firstPage.p99 / run.ceiling.p99).toFixed(1)}× | ` +
    `${run.buildSeconds.toFixed(0)} s |`,
);
const body = [
  `\`npm run bench:recommend\` (${new Date().toISOString().slice(0, 10)}): ${users} users × ` +
    `${items} items, 50 history entries and 10 follows per user, two tags per item ` +
    `(\`bench/recommend/world.ts\`); ${requests} sampled viewers, one request at a time over ` +
    'loopback HTTP. First page: the viewer’s list built (co-watching, follows, tags, the ' +
    'pools, ranking, mixing, 300 cards). Next page: paged from the built list. Ceiling: a ' +
    'visitor’s first page, the same route answering shared bytes. Target: first page p99 under ' +
    `50 ms on SQLite. Load average ${loadBefore.toFixed(1)} at the start, ` +
    `${(loadavg()[0] ?? 0).toFixed(1)} at the end (2 cores, shared with other work).`,
  '',
  '| engine | first page p50 | first page p99 | next page p50 | next page p99 | ceiling p50 | ceiling p99 | first / ceiling p99 | data generated in |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
console.log(body);
await writeBenchmarkSection('recommend', 'Recommend feed (issue 13)', body);
