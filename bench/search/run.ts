/**
 * bench/search: the search index (issue 13, decisions 035 and 071) on 100 000 generated items
 * with realistic Chinese titles, beside a plain `LIKE '%q%'` scan of the same rows in the same
 * run.
 *   node bench/search/run.ts [--items 100000] [--postgres 1]
 * On SQLite, and on PostgreSQL unless --postgres 0 (DATABASE_URL or the local default): the
 * index build time (`rebuildIndex`), then p50/p99 of a search (first page of 10, total count,
 * matched words) over the golden set's queries, elapsed and in CPU time (this process, and on
 * PostgreSQL its backends), of suggestions over their 1–3 character prefixes, and of the LIKE
 * scan (title or abstract containing the query, 10 most played and the count). Both engines'
 * answers (total and first page) are compared query by query. Targets: search p99 < 30 ms on
 * SQLite and < 50 ms on PostgreSQL, suggestions p99 < 10 ms.
 * Writes docs/BENCHMARKS.md.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { containsText } from '@melon/db/contains-text';
import type { Database } from '@melon/db/database';
import { createTestDatabase } from '@melon/db/testing';
import { fixturePath } from '@melon/shared/testing/fixtures';
import { rebuildIndex } from '../../apps/server/src/modules/search-index/rebuild-index.ts';
import { createSearchIndex } from '../../apps/server/src/modules/search-index/search-index.service.ts';
import { numberOption } from '../cli-options.ts';
import { writeBenchmarkSection } from '../report.ts';
import { median, percentile } from '../statistics.ts';
import { processAndServerCpu, processCpu, type CpuStopwatch } from './cpu-stopwatch.ts';
import { AUTHORS, fillItems } from './fill.ts';

const itemCount = numberOption('items', 100_000);
const withPostgres = numberOption('postgres', 1) === 1;
const NOW = Date.now();

interface Series {
  p50: number;
  p99: number;
}
interface Run {
  dialect: 'sqlite' | 'postgres';
  buildSeconds: number;
  search: Series;
  /** CPU time per search (this process, and PostgreSQL's backends); null when unreadable. */
  searchCpu: Series | null;
  suggest: Series;
  like: Series;
  answered: number;
  likeAnswered: number;
  /** Each query's total and first page, items named by their place in the generated order. */
  answers: string[];
  /** The one-minute load average when the timing began and when it ended. */
  load: [number, number];
}

const series = (times: number[]): Series => ({ p50: median(times), p99: percentile(times, 0.99) });
const loadAverage = () => loadavg()[0] ?? 0;

const queries = (
  JSON.parse(readFileSync(fixturePath('search-golden', 'queries.json'), 'utf8')) as {
    query: string;
  }[]
).map((golden) => golden.query);

const prefixes = [
  ...new Set(
    queries.flatMap((query) => {
      const chars = Array.from(query.replace(/\s+/g, ''));
      return [1, 2, 3].filter((n) => n <= chars.length).map((n) => chars.slice(0, n).join(''));
    }),
  ),
];

async function timeEach(
  inputs: string[],
  work: (input: string) => Promise<boolean>,
  stopwatch: CpuStopwatch = processCpu,
) {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let answered = 0;
  for (const input of inputs) {
    const cpu = await stopwatch();
    const start = performance.now();
    if (await work(input)) answered += 1;
    times.push(performance.now() - start);
    cpuTimes.push(cpu());
  }
  return { times, cpuTimes, answered };
}

/** The peer: title or abstract containing the words as typed, the 10 most played, the count. */
async function likeScan(db: Kysely<Database>, query: string): Promise<boolean> {
  const rows = await db
    .selectFrom('items as i')
    .select(['i.id', sql<number>`count(*) over ()`.as('total')])
    .where((eb) => eb.or([containsText('i.title', query), containsText('i.abstract', query)]))
    .orderBy('i.play_count', 'desc')
    .orderBy('i.id')
    .limit(10)
    .execute();
  return rows.length > 0;
}

async function runOn(dialect: 'sqlite' | 'postgres'): Promise<Run> {
  process.env.MELON_TEST_DIALECT = dialect;
  const opened = await createTestDatabase();
  try {
    const { db } = opened;
    console.log(`${dialect}: generating ${itemCount} items…`);
    const place = new Map((await fillItems(db, itemCount, NOW)).map((id, i) => [id, i]));
    console.log(`${dialect}: building the index…`);
    const started = performance.now();
    await rebuildIndex(db, ({ done, total }) => {
      if (done % 20_000 < 1000) console.log(`  ${done}/${total}`);
    });
    const buildSeconds = (performance.now() - started) / 1000;
    const index = createSearchIndex({ db, now: () => NOW });
    const searchFor = (query: string) =>
      index.search({ query, kind: 'all', sort: 'relevance', offset: 0, limit: 10, viewerId: null });
    const search = (query: string) => searchFor(query).then((result) => result.hits.length > 0);
    const suggest = (prefix: string) => index.suggest(prefix, 10).then((words) => words.length > 0);
    const stopwatch = dialect === 'sqlite' ? processCpu : await processAndServerCpu(db);
    console.log(`${dialect}: timing ${queries.length} queries, ${prefixes.length} prefixes…`);
    const load: [number, number] = [loadAverage(), 0];
    // The warm-up pass (statements prepared, pages cached) keeps each query's answer. Each
    // timing follows its own warm-up: PostgreSQL's pool closes a connection idle for 10 s, and
    // while new backends load their catalogs the first searches cost 2–5 times their warm CPU
    // time; the LIKE pass used to stand between the warm-up and the timed searches.
    const answers: string[] = [];
    for (const query of queries) {
      const { total, hits } = await searchFor(query);
      answers.push(`${total}: ${hits.map((hit) => place.get(hit.id)).join(' ')}`);
    }
    const searched = await timeEach([...queries, ...queries], search, stopwatch ?? processCpu);
    const suggested = await timeEach([...prefixes, ...prefixes], suggest);
    await timeEach(queries, (query) => likeScan(db, query));
    const liked = await timeEach([...queries, ...queries], (query) => likeScan(db, query));
    load[1] = loadAverage();
    return {
      dialect,
      buildSeconds,
      search: series(searched.times),
      searchCpu: stopwatch ? series(searched.cpuTimes) : null,
      suggest: series(suggested.times),
      like: series(liked.times),
      answered: searched.answered / 2,
      likeAnswered: liked.answered / 2,
      answers,
      load,
    };
  } finally {
    await opened.close();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const TARGETS = { sqlite: 30, postgres: 50 };
const runs = [await runOn('sqlite')];
if (withPostgres) runs.push(await runOn('postgres'));
const rows = runs.map(
  (run) =>
    `| ${run.dialect} | ${run.buildSeconds.toFixed(1)} s | ${ms(run.search.p50)} | ${ms(run.search.p99)} | ${run.searchCpu ? `${ms(run.searchCpu.p50)} / ${ms(run.searchCpu.p99)}` : '—'} | ${ms(run.suggest.p50)} | ${ms(run.suggest.p99)} | ${ms(run.like.p50)} | ${ms(run.like.p99)} | ${run.answered} / ${run.likeAnswered} | ${run.load[0].toFixed(1)} → ${run.load[1].toFixed(1)} |`,
);
const verdicts = runs.map(
  (run) =>
    `**${run.dialect}: search p99 ${ms(run.search.p99)} elapsed, ${run.searchCpu ? ms(run.searchCpu.p99) : '—'} CPU (target < ${TARGETS[run.dialect]} ms), suggestions p99 ${ms(run.suggest.p99)} (target < 10 ms); the LIKE scan's p99 is ${(run.like.p99 / Math.max(run.search.p99, 0.001)).toFixed(1)}× the search's.**`,
);
const [sqlite, postgres] = runs;
const differing = postgres
  ? queries.filter((_, i) => sqlite?.answers[i] !== postgres.answers[i])
  : [];
const comparison = postgres
  ? `Both engines give the same total and first page (the same items in the same order) for ${queries.length - differing.length} of ${queries.length} queries${differing.length > 0 ? `; they differ on ${differing.join(', ')}` : ''}.`
  : '';
const body = [
  `Run on ${new Date().toISOString().slice(0, 10)}: ${itemCount} generated items (titles from word lists and templates, seeded; bench/search/titles.ts) by ${AUTHORS} authors, the golden set's ${queries.length} queries (each timed twice after a warm-up pass) and their ${prefixes.length} prefixes of 1–3 characters for suggestions, on 2 cores shared with other work (the one-minute load average when each engine's timing began and ended is in the last column). Run with \`npm run bench:search\`.`,
  '',
  '"Search CPU" is the CPU time spent on each search — the bench process, and on PostgreSQL the server backends serving it (read from /proc) — which the other work on a shared machine does not inflate as it does the elapsed time; on a quiet machine the two agree.',
  '',
  'A search is the first page of 10 with its total and the matched words of each hit; the peer is a plain `LIKE \'%q%\'` over title and abstract (10 most played and the count), on the same rows in the same run. "Answered" counts the queries with at least one hit: LIKE finds nothing for pinyin, initials, traditional characters or typos.',
  '',
  '| engine | index build | search p50 | search p99 | search CPU p50 / p99 | suggest p50 | suggest p99 | LIKE p50 | LIKE p99 | answered (Melon / LIKE) | load average |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows,
  '',
  comparison,
  '',
  ...verdicts.flatMap((verdict) => [verdict, '']),
].join('\n');
await writeBenchmarkSection('search', 'Search index (issue 13)', body.trimEnd());
console.log(body);
if (differing.length > 0) process.exitCode = 1;
