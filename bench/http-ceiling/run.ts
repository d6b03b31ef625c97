/**
 * bench/http-ceiling: feed-endpoint requests per second beside a bare Fastify route, same
 * machine, same run, loopback only. Writes the result into docs/BENCHMARKS.md.
 *   node bench/http-ceiling/run.ts [--seconds 10] [--connections 100]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';
import { startServer } from '../server-process.ts';

const seconds = numberOption('seconds', 10);
const connections = numberOption('connections', 100);

/** A returning visitor: browsers send their web_id cookie with every call. */
const headers = { cookie: 'web_id=1383012332130795520' };

async function load(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  const errors = result.errors + result.non2xx;
  return { rps: result.requests.average, p99: result.latency.p99, errors };
}

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-bench-'));
const melonPort = 3300;
const barePort = 3301;
const feedUrl = `http://127.0.0.1:${melonPort}/api/feedv2/feedById?channelId=1&aid=1768`;
try {
  console.log('starting Melon with demo content…');
  await startServer(
    {
      script: 'apps/server/src/main.ts',
      env: {
        PORT: String(melonPort),
        MELON_DATA_DIR: dataDir,
        MELON_DEMO: '1',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      readyUrl: `http://127.0.0.1:${melonPort}/readyz`,
    },
    children,
  );
  const body = await (await fetch(feedUrl)).text();
  await startServer(
    {
      script: 'bench/http-ceiling/bare-server.ts',
      env: { PORT: String(barePort), BENCH_BODY: body },
      readyUrl: `http://127.0.0.1:${barePort}/bare`,
    },
    children,
  );

  console.log(`warming up, then ${seconds} s at ${connections} connections each`);
  await autocannon({ url: feedUrl, headers, connections, duration: 2 });
  const feed = await load(feedUrl);
  await autocannon({ url: `http://127.0.0.1:${barePort}/bare`, headers, connections, duration: 2 });
  const bare = await load(`http://127.0.0.1:${barePort}/bare`);
  const ratio = feed.rps / bare.rps;

  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)}, ${connections} connections, ${seconds} s each, loopback, one process each, requests carrying a web_id cookie like a returning browser, response body ${Buffer.byteLength(body)} bytes (the first page of the recommend feed, 30 cards).`,
    '',
    '| target | requests/s | p99 latency | errors |',
    '|---|---:|---:|---:|',
    `| Melon \`GET /api/feedv2/feedById\` | ${feed.rps.toFixed(0)} | ${feed.p99} ms | ${feed.errors} |`,
    `| bare Fastify route, same bytes | ${bare.rps.toFixed(0)} | ${bare.p99} ms | ${bare.errors} |`,
    '',
    `**Ratio: ${(ratio * 100).toFixed(1)}%** of the bare route (target: at least 40%).`,
  ].join('\n');
  console.log(`\n${table}\n`);
  await writeBenchmarkSection(
    'http-ceiling',
    'HTTP ceiling: feed endpoint beside a bare Fastify route',
    table,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
