/**
 * bench/http-ceiling: feed-endpoint requests per second beside a bare Fastify route, same
 * machine, same run, loopback only: the home feed (the recommend channel's first page) of a
 * returning visitor and of a signed-in viewer with a past (their own list, decision 037). Target:
 * at least 40 % of the bare route for both (issue 28). Writes the result into docs/BENCHMARKS.md.
 *   node bench/http-ceiling/run.ts [--seconds 10] [--connections 100] [--rounds 3]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import type { FeedPage } from '@melon/shared/contracts/feed';
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
import { writeFeedViewer } from './feed-viewer.ts';

const seconds = numberOption('seconds', 10);
const connections = numberOption('connections', 100);
const rounds = numberOption('rounds', 3);

/** A returning visitor: browsers send their web_id cookie with every call. */
const visitor = { cookie: 'web_id=1383012332130795520' };

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-bench-'));
const melonPort = 3300;
const barePort = 3301;
const feedUrl = `http://127.0.0.1:${melonPort}${getFeedById.path}?channelId=1&aid=1768`;
try {
  console.log('starting Melon with demo content…');
  const melon = await startDemoServer(melonPort, dataDir, children);
  const body = await (await fetch(feedUrl, { headers: visitor })).text();
  const { list } = (JSON.parse(body) as { data: FeedPage }).data;
  const viewer = await writeFeedViewer(dataDir, list);
  const signedInBody = await (await fetch(feedUrl, { headers: viewer })).text();
  const bareServer = await startServer(
    {
      script: 'bench/http-ceiling/bare-server.ts',
      env: { PORT: String(barePort), BENCH_BODY: body },
      readyUrl: `http://127.0.0.1:${barePort}/bare`,
    },
    children,
  );

  console.log(
    `${rounds} rounds of ${seconds} s at ${connections} connections: visitor, bare, signed in`,
  );
  const loadAtStart = loadAverage();
  const { feed, bare, signedIn } = await loadInTurns(
    {
      feed: { url: feedUrl, headers: visitor, pid: melon.pid },
      bare: { url: `http://127.0.0.1:${barePort}/bare`, headers: visitor, pid: bareServer.pid },
      signedIn: { url: feedUrl, headers: viewer, pid: melon.pid },
    },
    { connections, seconds, rounds },
  );
  const loadAtEnd = loadAverage();

  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)}, ${connections} connections, ${rounds} rounds in which the targets take turns, ${seconds} s each after a 2 s warm-up (the medians below), loopback, one process each, on SQLite with the demo content. The home feed (\`GET ${getFeedById.path}\`, the recommend channel's first page of 30 cards): a returning visitor (a web_id cookie), ${Buffer.byteLength(body)} bytes, which the bare route answers; a signed-in viewer who watched five of its videos and follows an author (their own list), ${Buffer.byteLength(signedInBody)} bytes. Load average ${loadAtStart} when the load began, ${loadAtEnd} at its end.`,
    '',
    LOAD_TABLE_HEAD,
    loadRow('Melon home feed, visitor', feed),
    loadRow('bare Fastify route, same bytes', bare),
    loadRow('Melon home feed, signed-in viewer', signedIn),
    '',
    `**Ratio: ${percent(medianRatio(feed, bare))}** of the bare route for a visitor, **${percent(medianRatio(signedIn, bare))}** for a signed-in viewer (target: at least 40% for both; the median of the rounds' ratios). By server CPU time per request: ${percent(cpuRatio(feed, bare))} and ${percent(cpuRatio(signedIn, bare))}.`,
  ].join('\n');
  console.log(`\n${table}\n`);
  await writeBenchmarkSection(
    'http-ceiling',
    'HTTP ceiling: the home feed beside a bare Fastify route',
    table,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
