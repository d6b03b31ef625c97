import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/*
 * Viewing behaviour written straight to the tables recommendation reads: history entries,
 * follows and tags, for tests that need a history without playing videos.
 */

/** A history entry: the viewer watched the item at `watchedAt`, up to `progressMs`. */
export async function watch(
  db: Kysely<Database>,
  entry: { userId: string; itemId: string; watchedAt: number; progressMs?: number },
): Promise<void> {
  await db
    .insertInto('watch_history')
    .values({
      user_id: entry.userId,
      item_id: entry.itemId,
      watched_at: entry.watchedAt,
      progress_ms: entry.progressMs ?? 10_000,
    })
    .execute();
}

export async function follow(
  db: Kysely<Database>,
  followerId: string,
  followeeId: string,
): Promise<void> {
  await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: Date.now() })
    .execute();
}

/** Tags the item with the named tags, creating those that do not exist yet. */
export async function tag(
  db: Kysely<Database>,
  newId: () => string,
  itemId: string,
  names: readonly string[],
): Promise<void> {
  for (const name of names) {
    const existing = await db
      .selectFrom('tags')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirst();
    const tagId = existing?.id ?? newId();
    if (!existing) await db.insertInto('tags').values({ id: tagId, name }).execute();
    await db.insertInto('item_tags').values({ item_id: itemId, tag_id: tagId }).execute();
  }
}
