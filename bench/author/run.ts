/**
 * bench/author: the author page's home call for an author with 10 000 videos, beside the HTTP
 * ceiling in the same run.
 *   node bench/author/run.ts [--items 10000] [--connections 100] [--seconds 10] [--rounds 3]
 * Melon (SQLite, demo content plus the author) answers `author/home` for a visitor and for a
 * signed-in follower of the author at 100 connections; a bare Fastify route (bench/http-ceiling)
 * answers the visitor's bytes. Target: at least 40 % of the bare route for both (issue 28).
 * Writes the result into docs/BENCHMARKS.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getAuthorHome } from '@melon/shared/calls/author.calls';
import { numberOption } from '../cli-options.ts';
import {
  cpuRatio,
  LOAD_TABLE_HEAD,
  loadInTurns,
  loadRow,
  medianRatio,
  percent,
} from '../http-load.ts';
import { loadAverage } from '../load-average.ts';
import { writeBenchmarkSection } from '../report.ts';
import { startDemoServer, startServer } from '../server-process.ts';
import { writeAuthorWithItems, writeFollower } from './many-items.ts';

const itemCount = numberOption('items', 10_000);
const connections = numberOption('connections', 100);
const seconds = numberOption('seconds', 10);
const rounds = numberOption('rounds', 3);

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-bench-author-'));
try {
  const melonPort = 3350;
  const barePort = 3351;
  const origin = `http://127.0.0.1:${melonPort}`;
  console.log('starting Melon with demo content…');
  const server = await startDemoServer(melonPort, dataDir, children);
  console.log(`writing an author with ${itemCount} videos…`);
  const author = await writeAuthorWithItems(dataDir, itemCount);
  const follower = await writeFollower(dataDir, author);
  const homeUrl = `${origin}${getAuthorHome.path}?to_user_id=${author}&aid=1768`;
  const answer = await fetch(homeUrl);
  if (!answer.ok) throw new Error(`author/home answered ${answer.status}`);
  const body = await answer.text();
  const bareServer = await startServer(
    {
      script: 'bench/http-ceiling/bare-server.ts',
      env: { PORT: String(barePort), BENCH_BODY: body },
      readyUrl: `http://127.0.0.1:${barePort}/bare`,
    },
    children,
  );
  console.log(`author/home: ${rounds} rounds of ${seconds} s: visitor, bare, signed in`);
  const loadAtStart = loadAverage();
  const { melon, bare, signedIn } = await loadInTurns(
    {
      melon: { url: homeUrl, pid: server.pid },
      bare: { url: `http://127.0.0.1:${barePort}/bare`, pid: bareServer.pid },
      signedIn: { url: homeUrl, headers: follower, pid: server.pid },
    },
    { connections, seconds, rounds },
  );
  const loadAtEnd = loadAverage();
  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:author\`, loopback, one process each.`,
    '',
    `**Author home** (\`GET ${getAuthorHome.path}\`) of an author with ${itemCount.toLocaleString('en')} videos (one in fifty self-only) and 5 series, on SQLite beside the demo content, ${connections} connections, ${rounds} rounds in which the targets take turns, ${seconds} s each after a 2 s warm-up (the medians below): the author, the tabs, the newest 8, 8 short videos, the 8 most played and the first series, ${Buffer.byteLength(body)} bytes; the bare route answers the visitor's bytes (the follower's differ in the follow flags). Load average ${loadAtStart} when the load began, ${loadAtEnd} at its end.`,
    '',
    LOAD_TABLE_HEAD,
    loadRow('Melon author/home, visitor', melon),
    loadRow('bare Fastify route, same bytes', bare),
    loadRow('Melon author/home, signed-in follower', signedIn),
    '',
    `**Ratio: ${percent(medianRatio(melon, bare))}** of the bare route for a visitor, **${percent(medianRatio(signedIn, bare))}** for a signed-in follower (target: at least 40% for both; the median of the rounds' ratios). By server CPU time per request: ${percent(cpuRatio(melon, bare))} and ${percent(cpuRatio(signedIn, bare))}.`,
  ].join('\n');
  console.log(`\n${table}\n`);
  await writeBenchmarkSection('author', 'Author home: an author with 10 000 videos', table);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
