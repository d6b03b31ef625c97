/**
 * bench/search: the search index (issue 13, decision 035) on 100 000 generated items with
 * realistic Chinese titles, beside a plain `LIKE '%q%'` scan of the same rows in the same run.
 *   node bench/search/run.ts [--items 100000] [--postgres 1]
 * On SQLite, and on PostgreSQL unless --postgres 0 (DATABASE_URL or the local default): the
 * index build time (`rebuildIndex`), then p50/p99 of a search (first page of 10, total count,
 * matched words) over the golden set's queries, of suggestions over their 1–3 character
 * prefixes, and of the LIKE scan (title or abstract containing the query, 10 most played and
 * the count). Targets on SQLite: search p99 < 30 ms, suggestions p99 < 10 ms.
 * Writes docs/BENCHMARKS.md.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { containsText } from '@melon/db/contains-text';
import type { Database } from '@melon/db/database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { fixturePath } from '@melon/shared/testing/fixtures';
import { ensureDefaultChannels } from '../../apps/server/src/modules/channel/ensure-default-channels.ts';
import { rebuildIndex } from '../../apps/server/src/modules/search-index/rebuild-index.ts';
import { createSearchIndex } from '../../apps/server/src/modules/search-index/search-index.service.ts';
import { numberOption } from '../cli-options.ts';
import { random } from '../recommend/world.ts';
import { writeBenchmarkSection } from '../report.ts';
import { median, percentile } from '../statistics.ts';
import { authorName, generateItem } from './titles.ts';

const itemCount = numberOption('items', 100_000);
const withPostgres = numberOption('postgres', 1) === 1;
const AUTHORS = 2000;
const BATCH = 500;
const DAY = 86_400_000;
const NOW = Date.now();

interface Series {
  p50: number;
  p99: number;
}
interface Run {
  dialect: string;
  buildSeconds: number;
  search: Series;
  /** SQLite only: the process's CPU time per search, which other work on the machine leaves as it is. */
  searchCpu: Series | null;
  suggest: Series;
  like: Series;
  answered: number;
  likeAnswered: number;
}

const series = (times: number[]): Series => ({ p50: median(times), p99: percentile(times, 0.99) });

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

async function fill(db: Kysely<Database>): Promise<void> {
  const newId = createIdGenerator();
  const rand = random(13);
  const authors = Array.from({ length: AUTHORS }, () => newId());
  for (let i = 0; i < AUTHORS; i += BATCH) {
    await db
      .insertInto('users')
      .values(
        authors.slice(i, i + BATCH).map((id, j) => ({
          id,
          name: authorName(i + j),
          user_auth_info: null,
          created_at: NOW - 1000 * DAY,
        })),
      )
      .execute();
  }
  const tags = new Map<string, string>();
  for (let i = 0; i < itemCount; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, itemCount - i) }, () => ({
      id: newId(),
      item: generateItem(rand, AUTHORS),
    }));
    for (const { item } of batch) if (!tags.has(item.tag)) tags.set(item.tag, newId());
    await db
      .insertInto('items')
      .values(
        batch.map(({ id, item }) => {
          const published = NOW - Math.round(item.ageDays * DAY);
          return {
            id,
            item_type: 0 as const,
            user_id: authors[item.author] ?? '',
            channel_id: 2,
            title: item.title,
            abstract: item.abstract,
            duration_ms: item.durationMs,
            publish_time: published,
            behot_time: published,
            play_count: item.plays,
            digg_count: item.likes,
            created_at: published,
            updated_at: published,
          };
        }),
      )
      .execute();
    await db
      .insertInto('tags')
      .values([...tags].map(([name, id]) => ({ id, name })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db
      .insertInto('item_tags')
      .values(batch.map(({ id, item }) => ({ item_id: id, tag_id: tags.get(item.tag) ?? '' })))
      .execute();
  }
}

async function timeEach(inputs: string[], work: (input: string) => Promise<boolean>) {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let answered = 0;
  for (const input of inputs) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    if (await work(input)) answered += 1;
    const cpu = process.cpuUsage(cpuStart);
    times.push(performance.now() - start);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
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
    await ensureDefaultChannels(db);
    console.log(`${dialect}: generating ${itemCount} items…`);
    await fill(db);
    console.log(`${dialect}: building the index…`);
    const started = performance.now();
    await rebuildIndex(db, ({ done, total }) => {
      if (done % 20_000 < 1000) console.log(`  ${done}/${total}`);
    });
    const buildSeconds = (performance.now() - started) / 1000;
    const index = createSearchIndex({ db, now: () => NOW });
    const search = (query: string) =>
      index
        .search({ query, kind: 'all', sort: 'relevance', offset: 0, limit: 10, viewerId: null })
        .then((result) => result.hits.length > 0);
    const suggest = (prefix: string) => index.suggest(prefix, 10).then((words) => words.length > 0);
    console.log(`${dialect}: timing ${queries.length} queries, ${prefixes.length} prefixes…`);
    await timeEach(queries, search); // warm: statements prepared, pages cached
    await timeEach(queries, (query) => likeScan(db, query));
    const searched = await timeEach([...queries, ...queries], search);
    const suggested = await timeEach([...prefixes, ...prefixes], suggest);
    const liked = await timeEach([...queries, ...queries], (query) => likeScan(db, query));
    return {
      dialect,
      buildSeconds,
      search: series(searched.times),
      // SQLite answers inside this process; PostgreSQL's work is in its server, not counted here.
      searchCpu: dialect === 'sqlite' ? series(searched.cpuTimes) : null,
      suggest: series(suggested.times),
      like: series(liked.times),
      answered: searched.answered / 2,
      likeAnswered: liked.answered / 2,
    };
  } finally {
    await opened.close();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const loadBefore = loadavg()[0] ?? 0;
const runs = [await runOn('sqlite')];
if (withPostgres) runs.push(await runOn('postgres'));
const rows = runs.map(
  (run) =>
    `| ${run.dialect} | ${run.buildSeconds.toFixed(1)} s | ${ms(run.search.p50)} | ${ms(run.search.p99)} | ${run.searchCpu ? `${ms(run.searchCpu.p50)} / ${ms(run.searchCpu.p99)}` : '—'} | ${ms(run.suggest.p50)} | ${ms(run.suggest.p99)} | ${ms(run.like.p50)} | ${ms(run.like.p99)} | ${run.answered} / ${run.likeAnswered} |`,
);
const sqlite = runs[0];
const body = [
  `Run on ${new Date().toISOString().slice(0, 10)}: ${itemCount} generated items (titles from word lists and templates, seeded; bench/search/titles.ts) by ${AUTHORS} authors, the golden set's ${queries.length} queries (each timed twice after a warm-up pass) and their ${prefixes.length} prefixes of 1–3 characters for suggestions. Load average ${loadBefore.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end (2 cores, shared with other work). Run with \`npm run bench:search\`.`,
  '',
  '"Search CPU" is the CPU time the bench process spent on each search (SQLite runs inside it), which the other work on a shared machine does not inflate as it does the elapsed time; on a quiet machine the two agree.',
  '',
  'A search is the first page of 10 with its total and the matched words of each hit; the peer is a plain `LIKE \'%q%\'` over title and abstract (10 most played and the count), on the same rows in the same run. "Answered" counts the queries with at least one hit: LIKE finds nothing for pinyin, initials, traditional characters or typos.',
  '',
  '| engine | index build | search p50 | search p99 | search CPU p50 / p99 | suggest p50 | suggest p99 | LIKE p50 | LIKE p99 | answered (Melon / LIKE) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows,
  '',
  sqlite
    ? `**SQLite: search p99 ${ms(sqlite.search.p99)} elapsed, ${sqlite.searchCpu ? ms(sqlite.searchCpu.p99) : '—'} CPU (target < 30 ms), suggestions p99 ${ms(sqlite.suggest.p99)} (target < 10 ms); the LIKE scan's p99 is ${(sqlite.like.p99 / Math.max(sqlite.search.p99, 0.001)).toFixed(1)}× the search's.**`
    : '',
].join('\n');
await writeBenchmarkSection('search', 'Search index (issue 13)', body);
console.log(body);
