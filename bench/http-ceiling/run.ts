/**
 * bench/http-ceiling: feed-endpoint requests per second beside a bare Fastify route, same
 * machine, same run, loopback only. Writes the result into docs/BENCHMARKS.md.
 *   node bench/http-ceiling/run.ts [--seconds 10] [--connections 100]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { writeBenchmarkSection } from '../report.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const seconds = arg('seconds', 10);
const connections = arg('connections', 100);

/** Starts a server script and resolves once `readyUrl` answers 200. */
async function start(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    const ok = await fetch(readyUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${script} did not become ready`);
}

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
  await start(
    'apps/server/src/main.ts',
    {
      PORT: String(melonPort),
      MELON_DATA_DIR: dataDir,
      MELON_DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    `http://127.0.0.1:${melonPort}/readyz`,
  );
  const body = await (await fetch(feedUrl)).text();
  await start(
    'bench/http-ceiling/bare-server.ts',
    { PORT: String(barePort), BENCH_BODY: body },
    `http://127.0.0.1:${barePort}/bare`,
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
  writeBenchmarkSection(
    'http-ceiling',
    'HTTP ceiling: feed endpoint beside a bare Fastify route',
    table,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
