/**
 * bench/social: the social reads and writes of issue 12, each beside its ceiling in the same run.
 *   node bench/social/run.ts [--comments 100000] [--connections 100] [--seconds 10]
 *                            [--rounds 3] [--writers 50] [--like-seconds 10]
 * 1. The hot comment list of a video with 100 000 comments at 100 connections, beside a bare
 *    Fastify route answering the same bytes: for visitors and for a signed-in viewer who liked
 *    some of the page (target: at least 30 % for both, issues 12 and 28), and for a viewer whose
 *    page is made for them.
 * 2. Likes and cancels from 50 concurrent writers on SQLite and on PostgreSQL (DATABASE_URL or
 *    the local default), beside bare row writes without the counter; afterwards every item's
 *    digg_count must equal its like rows (target: none lost or doubled).
 * Writes the result into docs/BENCHMARKS.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTabComments } from '@melon/shared/calls/comment.calls';
import type { CommentPage } from '@melon/shared/contracts/comment';
import { numberOption } from '../cli-options.ts';
import { findDemoItem } from '../demo-items.ts';
import {
  cpuRatio,
  LOAD_TABLE_HEAD,
  loadInTurns,
  loadRow,
  medianRatio,
  percent,
  type LoadResult,
} from '../http-load.ts';
import { loadAverage } from '../load-average.ts';
import { writeBenchmarkSection } from '../report.ts';
import { startDemoServer, startServer } from '../server-process.ts';
import { signedInCommentViewers } from './comment-viewers.ts';
import { runConcurrentLikes, type LikesRun } from './concurrent-likes.ts';
import { writeManyComments } from './many-comments.ts';

const commentCount = numberOption('comments', 100_000);
const connections = numberOption('connections', 100);
const seconds = numberOption('seconds', 10);
const writers = numberOption('writers', 50);
const likeSeconds = numberOption('like-seconds', 10);
const rounds = numberOption('rounds', 3);

async function hotCommentList(children: ChildProcess[], dataDir: string) {
  const melonPort = 3300;
  const barePort = 3301;
  const origin = `http://127.0.0.1:${melonPort}`;
  console.log('starting Melon with demo content…');
  const server = await startDemoServer(melonPort, dataDir, children);
  const item = await findDemoItem(origin, () => true);
  console.log(`writing ${commentCount} comments on ${item.group_id}…`);
  await writeManyComments(dataDir, item.group_id, commentCount, (done) => {
    if (done % 10_000 === 0) console.log(`  ${done}/${commentCount}`);
  });
  const query = `group_id=${item.group_id}&item_id=${item.group_id}&offset=0&count=10&tab_index=0&aid=1768`;
  const listUrl = `${origin}${getTabComments.path}?${query}`;
  const body = await (await fetch(listUrl)).text();
  const page = (JSON.parse(body) as { data: CommentPage }).data;
  const { liker, writer } = await signedInCommentViewers(
    dataDir,
    item.group_id,
    page.data.slice(0, 3).map((comment) => comment.id),
  );
  const bareServer = await startServer(
    {
      script: 'bench/http-ceiling/bare-server.ts',
      env: { PORT: String(barePort), BENCH_BODY: body },
      readyUrl: `http://127.0.0.1:${barePort}/bare`,
    },
    children,
  );
  console.log(
    `hot list: ${rounds} rounds of ${seconds} s: visitor, bare, a liker, a writer of a hidden comment`,
  );
  const loadAtStart = loadAverage();
  const { melon, bare, signedIn, ownPage } = await loadInTurns(
    {
      melon: { url: listUrl, pid: server.pid },
      bare: { url: `http://127.0.0.1:${barePort}/bare`, pid: bareServer.pid },
      signedIn: { url: listUrl, headers: liker, pid: server.pid },
      ownPage: { url: listUrl, headers: writer, pid: server.pid },
    },
    { connections, seconds, rounds },
  );
  const loads = { start: loadAtStart, end: loadAverage() };
  return { melon, bare, signedIn, ownPage, loads, bytes: Buffer.byteLength(body) };
}

const likeRow = (run: LikesRun) =>
  `| ${run.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${run.melonPerSecond.toFixed(0)} | ${run.barePerSecond.toFixed(0)} | ${((run.melonPerSecond / run.barePerSecond) * 100).toFixed(1)}% | ${run.wrongCounters} (Σ ${run.countError}) |`;

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-bench-social-'));
try {
  const list = await hotCommentList(children, dataDir);
  for (const child of children) child.kill('SIGTERM');
  const likes: LikesRun[] = [];
  for (const dialect of ['sqlite', 'postgres'] as const) {
    console.log(`likes on ${dialect}: ${writers} writers, ${likeSeconds} s, Melon then bare`);
    likes.push(await runConcurrentLikes(dialect, { writers, items: 20, seconds: likeSeconds }));
  }
  const ofBare = (target: LoadResult) => percent(medianRatio(target, list.bare));
  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:social\`, loopback, one process each.`,
    '',
    `**Hot comment list** (\`GET ${getTabComments.path}\`, tab_index 0, first page of 10) of a demo video with ${commentCount.toLocaleString('en')} comments by 1000 users on SQLite, ${connections} connections, ${rounds} rounds in which the targets take turns, ${seconds} s each after a 2 s warm-up (the medians below); the bare route answers the same ${list.bytes} bytes. Load average ${list.loads.start} when the load began, ${list.loads.end} at its end.`,
    '',
    LOAD_TABLE_HEAD,
    loadRow('Melon hot comment list, visitor', list.melon),
    loadRow('bare Fastify route, same bytes', list.bare),
    loadRow('Melon, signed-in viewer who liked 3 of the page', list.signedIn),
    loadRow('Melon, signed-in writer of a filtered comment there', list.ownPage),
    '',
    `**Ratio: ${ofBare(list.melon)}** of the bare route for visitors, **${ofBare(list.signedIn)}** for a signed-in viewer, who gets the shared page's bytes with their likes marked (decision 072) (target: at least 30% for both; the median of the rounds' ratios); ${ofBare(list.ownPage)} for a viewer whose page is made for them (their own filtered comment listed; the video's author likewise). Decision 030 says why. By server CPU time per request: ${percent(cpuRatio(list.melon, list.bare))} for visitors, ${percent(cpuRatio(list.signedIn, list.bare))} for the signed-in viewer.`,
    '',
    `**Likes from ${writers} concurrent writers** on 20 items for ${likeSeconds} s (60% likes, 40% cancels, each writer one user), through the likes service in this process (the row and the item's counter in one transaction, only when a row changed), beside the same writers storing and removing bare like rows with no counter and no transaction. Afterwards each item's \`digg_count\` is compared with its like rows.`,
    '',
    '| database | Melon writes/s | bare row writes/s | ratio | items with a wrong count |',
    '|---|---:|---:|---:|---:|',
    ...likes.map(likeRow),
  ].join('\n');
  console.log(`\n${table}\n`);
  await writeBenchmarkSection('social', 'Social: the hot comment list and concurrent likes', table);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
