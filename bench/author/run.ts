/**
 * bench/author: the author page's home call for an author with 10 000 videos, beside the HTTP
 * ceiling in the same run.
 *   node bench/author/run.ts [--items 10000] [--connections 100] [--seconds 10]
 * Melon (SQLite, demo content plus the author) answers `author/home` for a visitor at 100
 * connections; a bare Fastify route (bench/http-ceiling) answers the same bytes. Target: at
 * least 40 % of the bare route. Writes the result into docs/BENCHMARKS.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { getAuthorHome } from '@melon/shared/calls/author.calls';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';
import { startDemoServer, startServer } from '../server-process.ts';
import { writeAuthorWithItems } from './many-items.ts';

const itemCount = numberOption('items', 10_000);
const connections = numberOption('connections', 100);
const seconds = numberOption('seconds', 10);

async function load(url: string) {
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-bench-author-'));
try {
  const melonPort = 3350;
  const barePort = 3351;
  const origin = `http://127.0.0.1:${melonPort}`;
  console.log('starting Melon with demo content…');
  await startDemoServer(melonPort, dataDir, children);
  console.log(`writing an author with ${itemCount} videos…`);
  const author = await writeAuthorWithItems(dataDir, itemCount);
  const homeUrl = `${origin}${getAuthorHome.path}?to_user_id=${author}&aid=1768`;
  const answer = await fetch(homeUrl);
  if (!answer.ok) throw new Error(`author/home answered ${answer.status}`);
  const body = await answer.text();
  await startServer(
    {
      script: 'bench/http-ceiling/bare-server.ts',
      env: { PORT: String(barePort), BENCH_BODY: body },
      readyUrl: `http://127.0.0.1:${barePort}/bare`,
    },
    children,
  );
  console.log(`author/home: ${seconds} s at ${connections} connections, Melon then bare`);
  const melon = await load(homeUrl);
  const bare = await load(`http://127.0.0.1:${barePort}/bare`);
  const ratio = melon.rps / bare.rps;
  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:author\`, loopback, one process each.`,
    '',
    `**Author home** (\`GET ${getAuthorHome.path}\`, a visitor) of an author with ${itemCount.toLocaleString('en')} videos (one in fifty self-only) and 5 series, on SQLite beside the demo content, ${connections} connections, ${seconds} s each after a 2 s warm-up: the author, the tabs, the newest 8, 8 short videos, the 8 most played and the first series, ${Buffer.byteLength(body)} bytes; the bare route answers the same bytes.`,
    '',
    '| target | requests/s | p99 latency | errors |',
    '|---|---:|---:|---:|',
    `| Melon author/home, visitor | ${melon.rps.toFixed(0)} | ${melon.p99} ms | ${melon.errors} |`,
    `| bare Fastify route, same bytes | ${bare.rps.toFixed(0)} | ${bare.p99} ms | ${bare.errors} |`,
    '',
    `**Ratio: ${(ratio * 100).toFixed(1)}%** of the bare route (target: at least 40%).`,
  ].join('\n');
  console.log(`\n${table}\n`);
  await writeBenchmarkSection('author', 'Author home: an author with 10 000 videos', table);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
