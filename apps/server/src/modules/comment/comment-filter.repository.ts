import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/* The video authors' comment filter words (comment_filter_words). */

export interface FilterWordRow {
  id: string;
  text: string;
}

/** The author's filter words, oldest first. */
export function listFilterWords(db: Kysely<Database>, userId: string): Promise<FilterWordRow[]> {
  return db
    .selectFrom('comment_filter_words')
    .select(['id', 'text'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The texts of the author's filter words, for screening a new comment. */
export async function filterWordTextsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('comment_filter_words')
    .select('text')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.text);
}

export function findFilterWord(
  db: Kysely<Database>,
  userId: string,
  text: string,
): Promise<FilterWordRow | undefined> {
  return db
    .selectFrom('comment_filter_words')
    .select(['id', 'text'])
    .where('user_id', '=', userId)
    .where('text', '=', text)
    .executeTakeFirst();
}

export async function countFilterWords(db: Kysely<Database>, userId: string): Promise<number> {
  const { n } = await db
    .selectFrom('comment_filter_words')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertFilterWord(
  db: Kysely<Database>,
  userId: string,
  word: FilterWordRow,
  now: number,
): Promise<void> {
  await db
    .insertInto('comment_filter_words')
    .values({ ...word, user_id: userId, created_at: now })
    .execute();
}

/** Deletes the author's filter word; answers whether there was one. */
export async function deleteFilterWord(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('comment_filter_words')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
