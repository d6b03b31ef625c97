/**
 * bench/social: the social reads and writes of issue 12, each beside its ceiling in the same run.
 *   node bench/social/run.ts [--comments 100000] [--connections 100] [--seconds 10]
 *                            [--writers 50] [--like-seconds 10]
 * 1. The hot comment list of a video with 100 000 comments at 100 connections, beside a bare
 *    Fastify route answering the same bytes (target: at least 30 %).
 * 2. Likes and cancels from 50 concurrent writers on SQLite and on PostgreSQL (DATABASE_URL or
 *    the local default), beside bare row writes without the counter; afterwards every item's
 *    digg_count must equal its like rows (target: none lost or doubled).
 * Writes the result into docs/BENCHMARKS.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { getTabComments } from '@melon/shared/calls/comment.calls';
import type { CommentPage } from '@melon/shared/contracts/comment';
import { numberOption } from '../cli-options.ts';
import { findDemoItem } from '../demo-items.ts';
import { writeBenchmarkSection } from '../report.ts';
import { startDemoServer, startServer } from '../server-process.ts';
import { signedInCommentViewers, type ViewerHeaders } from './comment-viewers.ts';
import { runConcurrentLikes, type LikesRun } from './concurrent-likes.ts';
import { writeManyComments } from './many-comments.ts';

const commentCount = numberOption('comments', 100_000);
const connections = numberOption('connections', 100);
const seconds = numberOption('seconds', 10);
const writers = numberOption('writers', 50);
const likeSeconds = numberOption('like-seconds', 10);

async function load(
  url: string,
  headers: ViewerHeaders = {},
): Promise<{ rps: number; p99: number; errors: number }> {
  await autocannon({ url, headers, connections, duration: 2 });
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function hotCommentList(children: ChildProcess[], dataDir: string) {
  const melonPort = 3300;
  const barePort = 3301;
  const origin = `http://127.0.0.1:${melonPort}`;
  console.log('starting Melon with demo content…');
  await startDemoServer(melonPort, dataDir, children);
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
  await startServer(
    {
      script: 'bench/http-ceiling/bare-server.ts',
      env: { PORT: String(barePort), BENCH_BODY: body },
      readyUrl: `http://127.0.0.1:${barePort}/bare`,
    },
    children,
  );
  console.log(`hot list: ${seconds} s at ${connections} connections, Melon then bare`);
  const melon = await load(listUrl);
  const bare = await load(`http://127.0.0.1:${barePort}/bare`);
  console.log('hot list for signed-in viewers: one who liked three, one with a hidden comment');
  const signedIn = await load(listUrl, liker);
  const ownPage = await load(listUrl, writer);
  return { melon, bare, signedIn, ownPage, bytes: Buffer.byteLength(body) };
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
  const ratio = list.melon.rps / list.bare.rps;
  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:social\`, loopback, one process each.`,
    '',
    `**Hot comment list** (\`GET ${getTabComments.path}\`, tab_index 0, first page of 10) of a demo video with ${commentCount.toLocaleString('en')} comments by 1000 users on SQLite, ${connections} connections, ${seconds} s each after a 2 s warm-up; the bare route answers the same ${list.bytes} bytes.`,
    '',
    '| target | requests/s | p99 latency | errors |',
    '|---|---:|---:|---:|',
    `| Melon hot comment list, visitor | ${list.melon.rps.toFixed(0)} | ${list.melon.p99} ms | ${list.melon.errors} |`,
    `| bare Fastify route, same bytes | ${list.bare.rps.toFixed(0)} | ${list.bare.p99} ms | ${list.bare.errors} |`,
    `| Melon, signed-in viewer who liked 3 of the page | ${list.signedIn.rps.toFixed(0)} | ${list.signedIn.p99} ms | ${list.signedIn.errors} |`,
    `| Melon, signed-in writer of a filtered comment there | ${list.ownPage.rps.toFixed(0)} | ${list.ownPage.p99} ms | ${list.ownPage.errors} |`,
    '',
    `**Ratio: ${(ratio * 100).toFixed(1)}%** of the bare route for visitors (target: at least 30%); ${((list.signedIn.rps / list.bare.rps) * 100).toFixed(1)}% for a signed-in viewer (the shared page with their likes marked), ${((list.ownPage.rps / list.bare.rps) * 100).toFixed(1)}% for a viewer whose page is made for them (their own filtered comment listed; the video's author likewise). Decision 030 says why.`,
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
