import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/** Blocks a word (in its compared form); false when it was blocked already. */
export async function addBlockedWord(
  db: Kysely<Database>,
  word: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('search_blocklist')
    .values({ word, created_at: now })
    .onConflict((oc) => oc.column('word').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Unblocks a word; false when it was not blocked. */
export async function removeBlockedWord(db: Kysely<Database>, word: string): Promise<boolean> {
  const result = await db
    .deleteFrom('search_blocklist')
    .where('word', '=', word)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The blocked words, in order. */
export function listBlockedWords(
  db: Kysely<Database>,
): Promise<{ word: string; created_at: number }[]> {
  return db.selectFrom('search_blocklist').select(['word', 'created_at']).orderBy('word').execute();
}
