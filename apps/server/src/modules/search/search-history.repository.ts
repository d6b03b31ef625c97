import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/** The word goes to the top of the viewer's search history. */
export async function recordSearchWord(
  db: Kysely<Database>,
  userId: string,
  word: string,
  searchedAt: number,
): Promise<void> {
  await db
    .insertInto('search_history')
    .values({ user_id: userId, word, searched_at: searchedAt })
    .onConflict((oc) => oc.columns(['user_id', 'word']).doUpdateSet({ searched_at: searchedAt }))
    .execute();
}

/** The viewer's words, newest first. */
export async function listSearchWords(
  db: Kysely<Database>,
  userId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('search_history')
    .select('word')
    .where('user_id', '=', userId)
    .orderBy('searched_at', 'desc')
    .orderBy('word')
    .limit(limit)
    .execute();
  return rows.map((row) => row.word);
}

/** Keeps the viewer's newest `keep` words. */
export async function trimSearchWords(
  db: Kysely<Database>,
  userId: string,
  keep: number,
): Promise<void> {
  const kept = await listSearchWords(db, userId, keep);
  if (kept.length < keep) return;
  await db
    .deleteFrom('search_history')
    .where('user_id', '=', userId)
    .where('word', 'not in', kept)
    .execute();
}

/** Removes the named words, or every one; answers how many went. */
export async function deleteSearchWords(
  db: Kysely<Database>,
  userId: string,
  words: readonly string[] | 'all',
): Promise<number> {
  const result = await db
    .deleteFrom('search_history')
    .where('user_id', '=', userId)
    .$if(words !== 'all', (qb) => qb.where('word', 'in', words))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
