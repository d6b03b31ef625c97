import { sql, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

export interface SearchLogEntry {
  id: string;
  word: string;
  viewerKey: string;
  /** The searcher's address, IPv6 by /64. */
  address: string;
  searchedAt: number;
}

/** How much one address may weigh in a word's heat, and how many a word needs to be hot. */
export interface HotWordRule {
  /** Distinct searchers of a word counted from one address, at most. */
  addressCap: number;
  /** Distinct addresses a word must be searched from to be hot at all. */
  minAddresses: number;
}

/** Keeps one search made, for the hot words. */
export async function logSearch(db: Kysely<Database>, entry: SearchLogEntry): Promise<void> {
  await db
    .insertInto('search_log')
    .values({
      id: entry.id,
      word: entry.word,
      viewer_key: entry.viewerKey,
      address: entry.address,
      searched_at: entry.searchedAt,
    })
    .execute();
}

/**
 * The hottest words since `since`, hottest first: a word's heat is its distinct searchers, each
 * counted once at one address (the first in address order) and at most `addressCap` of them per
 * address; a word searched from fewer than `minAddresses` addresses is left out.
 */
export async function listTopSearchedWords(
  db: Kysely<Database>,
  query: { since: number; rule: HotWordRule; limit: number },
): Promise<{ word: string; viewers: number }[]> {
  const cap = sql.lit(query.rule.addressCap);
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom((inner) =>
          inner
            .selectFrom('search_log')
            .select(['word', 'viewer_key', (min) => min.fn.min('address').as('address')])
            .where('searched_at', '>=', query.since)
            .groupBy(['word', 'viewer_key'])
            .as('by_viewer'),
        )
        .select(['word', 'address', (count) => count.fn.countAll<number | string>().as('viewers')])
        .groupBy(['word', 'address'])
        .as('by_address'),
    )
    .select([
      'word',
      sql<
        number | string
      >`sum(case when ${sql.ref('viewers')} > ${cap} then ${cap} else ${sql.ref('viewers')} end)`.as(
        'heat',
      ),
    ])
    .groupBy('word')
    .having((eb) => eb.fn.countAll(), '>=', query.rule.minAddresses)
    .orderBy('heat', 'desc')
    .orderBy('word')
    .limit(query.limit)
    .execute();
  return rows.map((row) => ({ word: row.word, viewers: Number(row.heat) }));
}

/** Removes the searches made before `before`; answers how many went. */
export async function deleteSearchesBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db
    .deleteFrom('search_log')
    .where('searched_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
