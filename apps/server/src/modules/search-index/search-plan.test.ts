import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { pageQuery, type MatchQuery, type SearchKind } from './search-query.ts';

/*
 * SQLite's plan of a search (decision 035, "Second pass"): the FTS5 match drives it, each
 * matched document read by its primary key. Left to itself the planner reads the kind through
 * the (kind, ref_id) index, walking every document of the kind whatever the query matches.
 * SQLite keeps no statistics here, so the plan on this empty index is the plan at any size.
 */

let database: OpenedDatabase;

const match: MatchQuery = {
  groups: [[{ token: '蝶', weight: 1 }], [{ token: 'hudie', weight: 1 }]],
  df: new Map([
    ['蝶', 1],
    ['hudie', 1],
  ]),
  docs: 1,
  avgTokens: 10,
};

async function documentReads(kind: SearchKind, sort: 'relevance' | 'newest'): Promise<string[]> {
  const filter = { kind, durationFilter: 'all', publishedWithin: 'all', now: 0 } as const;
  const compiled = pageQuery(database.db, match, filter, { sort, offset: 0, limit: 10 }).compile();
  const plan = await database.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
  );
  return plan.rows.map((row) => row.detail).filter((detail) => /^(SCAN|SEARCH) d\b/.test(detail));
}

describe.runIf((process.env.MELON_TEST_DIALECT ?? 'sqlite') === 'sqlite')(
  'search plan on SQLite',
  () => {
    beforeAll(async () => {
      database = await createTestDatabase();
    });

    afterAll(async () => {
      await database.close();
    });

    it.each([
      ['all', 'relevance'],
      ['svideo', 'newest'],
      ['user', 'relevance'],
    ] as const)('reads the %s tab (%s) by the matched rowids only', async (kind, sort) => {
      const reads = await documentReads(kind, sort);
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(read).toMatch(/^SEARCH d USING INTEGER PRIMARY KEY/);
    });
  },
);
