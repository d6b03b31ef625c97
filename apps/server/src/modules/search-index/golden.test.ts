import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@melon/db/database';
import type { ItemType } from '@melon/db/enums';
import { migrateToLatest } from '@melon/db/migrate';
import { openDatabase, type OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { fixturePath } from '@melon/shared/testing/fixtures';
import { ensureDefaultChannels } from '../channel/ensure-default-channels.ts';
import { rebuildIndex } from './rebuild-index.ts';
import { createSearchIndex, type SearchIndex } from './search-index.service.ts';

/*
 * The golden set (fixtures/search-golden): a fixed corpus of Chinese-titled videos and queries,
 * each with the items that must be in its top 10 (and, for homophones, those that must not).
 * recall@10 over every query must reach 0.95; every "must not" must hold. The PostgreSQL run
 * also loads the corpus into SQLite and asks both engines for the same top 10 and total.
 */

interface GoldenItem {
  key: string;
  title: string;
  abstract: string;
  tags: string[];
  author: number;
  itemType: ItemType;
  durationS: number;
  plays: number;
  likes: number;
  ageDays: number;
}
interface GoldenCorpus {
  authors: { name: string; description: string }[];
  items: GoldenItem[];
}
interface GoldenQuery {
  query: string;
  rule: string;
  mustInclude: string[];
  mustExclude?: string[];
}

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 1);
const RECALL_TARGET = 0.95;

const readJson = async <T>(name: string): Promise<T> =>
  JSON.parse(await readFile(fixturePath('search-golden', name), 'utf8')) as T;

/** Ids made once, so both engines hold the same rows and break ties alike. */
function assignIds(corpus: GoldenCorpus) {
  const newId = createIdGenerator();
  return {
    authors: corpus.authors.map(() => newId()),
    items: new Map(corpus.items.map((item) => [item.key, newId()])),
    tags: new Map([...new Set(corpus.items.flatMap((item) => item.tags))].map((t) => [t, newId()])),
  };
}
type GoldenIds = ReturnType<typeof assignIds>;

async function loadCorpus(db: Kysely<Database>, corpus: GoldenCorpus, ids: GoldenIds) {
  await ensureDefaultChannels(db);
  await db
    .insertInto('users')
    .values(
      corpus.authors.map((author, i) => ({
        id: ids.authors[i] ?? '',
        name: author.name,
        description: author.description,
        user_auth_info: null,
        created_at: NOW - 1000 * DAY,
      })),
    )
    .execute();
  await db
    .insertInto('tags')
    .values([...ids.tags].map(([name, id]) => ({ id, name })))
    .execute();
  const rows = corpus.items.map((item) => {
    const published = NOW - Math.round(item.ageDays * DAY);
    return {
      id: ids.items.get(item.key) ?? '',
      item_type: item.itemType,
      user_id: ids.authors[item.author] ?? '',
      channel_id: 2,
      title: item.title,
      abstract: item.abstract,
      duration_ms: item.durationS * 1000,
      publish_time: published,
      behot_time: published,
      play_count: item.plays,
      digg_count: item.likes,
      created_at: published,
      updated_at: published,
    };
  });
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('items')
      .values(rows.slice(i, i + 100))
      .execute();
  }
  await db
    .insertInto('item_tags')
    .values(
      corpus.items.flatMap((item) =>
        item.tags.map((tag) => ({
          item_id: ids.items.get(item.key) ?? '',
          tag_id: ids.tags.get(tag) ?? '',
        })),
      ),
    )
    .execute();
  await rebuildIndex(db);
}

let corpus: GoldenCorpus;
let queries: GoldenQuery[];
let ids: GoldenIds;
let keyOf: Map<string, string>;
let database: OpenedDatabase;
let index: SearchIndex;
interface Answer {
  /** The top 10, as corpus keys. */
  top: string[];
  total: number;
}
/** Each query's answer on the engine under test. */
const answers = new Map<string, Answer>();

const answerOf = async (engine: SearchIndex, query: string): Promise<Answer> => {
  const result = await engine.search({
    query,
    kind: 'all',
    sort: 'relevance',
    offset: 0,
    limit: 10,
    viewerId: null,
  });
  return { top: result.hits.map((hit) => keyOf.get(hit.id) ?? hit.id), total: result.total };
};

beforeAll(async () => {
  corpus = await readJson<GoldenCorpus>('corpus.json');
  queries = await readJson<GoldenQuery[]>('queries.json');
  ids = assignIds(corpus);
  keyOf = new Map([...ids.items].map(([key, id]) => [id, key]));
  database = await createTestDatabase();
  await loadCorpus(database.db, corpus, ids);
  index = createSearchIndex({ db: database.db, now: () => NOW });
  for (const golden of queries) answers.set(golden.query, await answerOf(index, golden.query));
}, 60_000);

afterAll(async () => {
  await database.close();
});

describe('the golden set', () => {
  it('has at least 200 queries over a corpus of a few hundred items', () => {
    expect(queries.length).toBeGreaterThanOrEqual(200);
    expect(corpus.items.length).toBeGreaterThanOrEqual(300);
  });

  it(`finds at least ${RECALL_TARGET * 100}% of the expected items in the top 10, and never a "must not"`, () => {
    let expected = 0;
    let found = 0;
    const misses: string[] = [];
    const intruders: string[] = [];
    for (const golden of queries) {
      const top = answers.get(golden.query)?.top ?? [];
      const hit = golden.mustInclude.filter((key) => top.includes(key));
      expected += golden.mustInclude.length;
      found += hit.length;
      if (hit.length < golden.mustInclude.length) misses.push(`${golden.rule} ${golden.query}`);
      for (const key of golden.mustExclude ?? []) {
        if (top.includes(key)) intruders.push(`${golden.query} → ${key}`);
      }
    }
    const recall = found / expected;
    console.info(
      `golden recall@10 ${recall.toFixed(4)} (${found}/${expected}); missed: ${misses.join(', ')}`,
    );
    expect(intruders).toEqual([]);
    expect(recall).toBeGreaterThanOrEqual(RECALL_TARGET);
  });
});

describe.runIf(process.env.MELON_TEST_DIALECT === 'postgres')('both engines', () => {
  let sqliteDir: string;
  let sqlite: OpenedDatabase;

  beforeAll(async () => {
    sqliteDir = await mkdtemp(path.join(tmpdir(), 'melon-golden-'));
    sqlite = openDatabase({ dataDir: sqliteDir });
    await migrateToLatest(sqlite.db);
    await loadCorpus(sqlite.db, corpus, ids);
  }, 60_000);

  afterAll(async () => {
    await sqlite.close();
    await rm(sqliteDir, { recursive: true, force: true });
  });

  it('give the same top 10 and total for every query', async () => {
    const other = createSearchIndex({ db: sqlite.db, now: () => NOW });
    const differing: string[] = [];
    for (const golden of queries) {
      const lite = await answerOf(other, golden.query);
      const answer = answers.get(golden.query);
      if (answer?.top.join() !== lite.top.join() || answer.total !== lite.total) {
        differing.push(golden.query);
      }
    }
    expect(differing).toEqual([]);
  });
});
