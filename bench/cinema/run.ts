/**
 * bench/cinema: the filter page's call (POST /api/cinema/filterv2/albums) over 20 000 albums
 * with three filters, beside the HTTP ceiling in the same run.
 *   node bench/cinema/run.ts [--albums 20000] [--connections 100] [--seconds 10]
 * Melon (SQLite, demo content plus the albums) answers the filter call for a visitor at 100
 * connections, twice: cycling through pages of three popular three-filter queries (what the
 * one-second micro-cache is for), and with a different three-filter query every request, drawn
 * from every combination the filter rows offer (the micro-cache never answers: the query's own
 * cost). A bare Fastify route (bench/http-ceiling) answers the same bytes. Target: at least 40 %
 * of the bare route. The query alone is timed too: sequential requests none of which the
 * micro-cache has seen.
 * Writes the result into docs/BENCHMARKS.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { CSRF_HEADER, WEB_ID_COOKIE } from '@melon/shared/api/constants';
import { filterCinemaAlbums, getCinemaCategory } from '@melon/shared/calls/cinema.calls';
import {
  CINEMA_SORTS,
  type CinemaFilterCategory,
  type CinemaPinyin,
} from '@melon/shared/contracts/cinema';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';
import { startDemoServer, startServer } from '../server-process.ts';
import { median } from '../statistics.ts';
import { writeManyAlbums } from './many-albums.ts';

const albumCount = numberOption('albums', 20_000);
const connections = numberOption('connections', 100);
const seconds = numberOption('seconds', 10);

/** Three filters; the load cycles through these pages of each. */
const QUERIES = [
  { pinyin: 'dianshiju', filters: { region: '内地', year: '2010s', genre: '剧情' }, sort: 'hot' },
  { pinyin: 'dianying', filters: { region: '内地', genre: '动作', paid: 'free' }, sort: 'score' },
  { pinyin: 'dianshiju', filters: { year: '2000s', genre: '古装', paid: 'vip' }, sort: 'new' },
] as const;
const PAGES = 4;
const COUNT = 18;
const bodies = QUERIES.flatMap((query) =>
  Array.from({ length: PAGES }, (_, page) =>
    JSON.stringify({ ...query, offset: page * COUNT, count: COUNT }),
  ),
);

/** The categories the albums fill (film, TV, anime, variety). */
const FILLED: readonly CinemaPinyin[] = ['dianying', 'dianshiju', 'dongman', 'zongyi'];
const FILTER_KEYS = ['region', 'year', 'genre', 'paid'] as const;

/**
 * Every query of three filters the filter rows offer (each choice of three rows, each value but
 * 全部), under each sort, first and second page, in a shuffled but fixed order.
 */
async function everyThreeFilterQuery(origin: string, cookie: string): Promise<string[]> {
  const queries: string[] = [];
  for (const pinyin of FILLED) {
    const res = await fetch(`${origin}${getCinemaCategory.path}?pinyin=${pinyin}`, {
      headers: { cookie },
    });
    const { rows } = ((await res.json()) as { data: CinemaFilterCategory }).data;
    const valuesOf = (key: string) =>
      (rows.find((row) => row.key === key)?.options ?? [])
        .map((option) => option.value)
        .filter((value) => value !== '');
    for (const left of FILTER_KEYS) {
      const keys = FILTER_KEYS.filter((key) => key !== left);
      const [a, b, c] = keys.map(valuesOf);
      for (const x of a ?? [])
        for (const y of b ?? [])
          for (const z of c ?? [])
            for (const sort of CINEMA_SORTS)
              for (const offset of [0, COUNT]) {
                const filters = Object.fromEntries(keys.map((key, i) => [key, [x, y, z][i]]));
                queries.push(JSON.stringify({ pinyin, filters, sort, offset, count: COUNT }));
              }
    }
  }
  // A fixed shuffle (a linear congruential generator), so runs send the same sequence.
  let seed = 20_261_126;
  for (let i = queries.length - 1; i > 0; i -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [queries[i], queries[j]] = [queries[j] ?? '', queries[i] ?? ''];
  }
  return queries;
}

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'melon-bench-cinema-'));
try {
  const melonPort = 3360;
  const barePort = 3361;
  const origin = `http://127.0.0.1:${melonPort}`;
  console.log('starting Melon with demo content…');
  await startDemoServer(melonPort, dataDir, children);
  console.log(`writing ${albumCount} albums…`);
  await writeManyAlbums(dataDir, albumCount);

  // A returning visitor: the web_id cookie and its anti-forgery token, as a browser sends them.
  const webId = '1383012332130795520';
  const cookie = `${WEB_ID_COOKIE}=${webId}`;
  const config = (await (
    await fetch(`${origin}${getGlobalConfig.path}`, { headers: { cookie } })
  ).json()) as { data: { csrfToken: string } };
  const headers = {
    cookie,
    [CSRF_HEADER]: config.data.csrfToken,
    'content-type': 'application/json',
  };
  const url = `${origin}${filterCinemaAlbums.path}?aid=1768`;
  const post = (body: string) => fetch(url, { method: 'POST', headers, body });
  const first = await post(bodies[0] ?? '');
  const body = await first.text();
  if (!first.ok) throw new Error(`filterv2/albums answered ${first.status}: ${body}`);
  const found = (JSON.parse(body) as { data: { albumList: unknown[] } }).data.albumList.length;

  // The query alone: pages no request asked for before, one after another.
  const uncached: number[] = [];
  for (let n = 0; n < 60; n += 1) {
    const query = QUERIES[n % QUERIES.length];
    const started = performance.now();
    const res = await post(JSON.stringify({ ...query, offset: 200 + n, count: COUNT }));
    await res.arrayBuffer();
    uncached.push(performance.now() - started);
  }

  await startServer(
    {
      script: 'bench/http-ceiling/bare-server.ts',
      env: { PORT: String(barePort), BENCH_BODY: body },
      readyUrl: `http://127.0.0.1:${barePort}/bare`,
    },
    children,
  );
  const cycled: Request[] = bodies.map((body) => ({ method: 'POST', body, headers }));
  const everyQuery = await everyThreeFilterQuery(origin, cookie);
  let sent = 0;
  const neverTwice: Request[] = [
    {
      method: 'POST',
      headers,
      setupRequest: (request) => {
        const body = everyQuery[sent % everyQuery.length] ?? '';
        sent += 1;
        return { ...request, body };
      },
    },
  ];
  async function load(target: string, requests?: Request[]) {
    const options = requests
      ? { url: target, connections, requests }
      : { url: target, connections };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: seconds });
    return {
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  }
  const loadAverage = (loadavg()[0] ?? 0).toFixed(1);
  console.log(`filterv2/albums: ${seconds} s at ${connections} connections, Melon twice then bare`);
  const melon = await load(url, cycled);
  const melonUncached = await load(url, neverTwice);
  const bare = await load(`http://127.0.0.1:${barePort}/bare`);
  const percentOfBare = (rps: number) => `${((rps / bare.rps) * 100).toFixed(1)}%`;
  const table = [
    `Run on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:cinema\`, loopback, one process each; load average ${loadAverage} when the load began.`,
    '',
    `**Cinema filter** (\`POST ${filterCinemaAlbums.path}\`, a visitor) over ${albumCount.toLocaleString('en')} albums (one in fifty self-only) beside the demo content, on SQLite, ${connections} connections, ${seconds} s each after a 2 s warm-up. Popular queries: ${QUERIES.length} three-filter queries × ${PAGES} pages of ${COUNT} cycled, so most answers come from the one-second micro-cache (the first page: ${found} albums, ${Buffer.byteLength(body)} bytes). Never the same query: each request the next of ${everyQuery.length.toLocaleString('en')} (every three-filter choice the rows of ${FILLED.length} categories offer × ${CINEMA_SORTS.length} sorts × 2 pages, shuffled; ${sent.toLocaleString('en')} sent), so the micro-cache never answers. The bare route answers the first page's bytes.`,
    '',
    '| load | requests/s | p99 latency | errors |',
    '|---|---:|---:|---:|',
    `| Melon filterv2/albums, popular queries | ${melon.rps.toFixed(0)} | ${melon.p99} ms | ${melon.errors} |`,
    `| Melon filterv2/albums, never the same query | ${melonUncached.rps.toFixed(0)} | ${melonUncached.p99} ms | ${melonUncached.errors} |`,
    `| bare Fastify route, same bytes | ${bare.rps.toFixed(0)} | ${bare.p99} ms | ${bare.errors} |`,
    '',
    `**Ratio: ${percentOfBare(melon.rps)}** of the bare route for popular queries, **${percentOfBare(melonUncached.rps)}** with never the same query (target: at least 40%).`,
    '',
    `A page nobody asked for in the last second (built, not from the micro-cache): median ${median(uncached).toFixed(1)} ms over ${uncached.length} sequential requests.`,
  ].join('\n');
  console.log(`\n${table}\n`);
  await writeBenchmarkSection('cinema', 'Cinema filter: 20 000 albums, three filters', table);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
