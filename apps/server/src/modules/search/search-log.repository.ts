import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

export interface SearchLogEntry {
  id: string;
  word: string;
  viewerKey: string;
  searchedAt: number;
}

/** Keeps one search made, for the hot words. */
export async function logSearch(db: Kysely<Database>, entry: SearchLogEntry): Promise<void> {
  await db
    .insertInto('search_log')
    .values({
      id: entry.id,
      word: entry.word,
      viewer_key: entry.viewerKey,
      searched_at: entry.searchedAt,
    })
    .execute();
}

/** The words searched by the most distinct viewers since `since`, most first. */
export async function listTopSearchedWords(
  db: Kysely<Database>,
  since: number,
  limit: number,
): Promise<{ word: string; viewers: number }[]> {
  const rows = await db
    .selectFrom('search_log')
    .select(['word', (eb) => eb.fn.count<number | string>('viewer_key').distinct().as('viewers')])
    .where('searched_at', '>=', since)
    .groupBy('word')
    .orderBy('viewers', 'desc')
    .orderBy('word')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ word: row.word, viewers: Number(row.viewers) }));
}

/** Removes the searches made before `before`; answers how many went. */
export async function deleteSearchesBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db
    .deleteFrom('search_log')
    .where('searched_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
