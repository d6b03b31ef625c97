import type { Kysely } from 'kysely';

/*
 * Recommendation's reads (decision 037). Frozen: change the schema in a new migration.
 *
 * - `watch_history (item_id, watched_at)`: who else watched an item, newest first — the first
 *   step of co-watching (the viewers of a seed item, then what each watched around that time
 *   through the history's own `(user_id, watched_at)` index). The primary key leads with the
 *   user, so without it the step is a scan of every viewer's history.
 * - `items (play_count)`: the popular pool (the visitors' feed and every viewer's fallback)
 *   walks the most played items first instead of sorting every item.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('watch_history_item_time_idx')
    .on('watch_history')
    .columns(['item_id', 'watched_at'])
    .execute();
  await db.schema.createIndex('items_play_count_idx').on('items').column('play_count').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_play_count_idx').execute();
  await db.schema.dropIndex('watch_history_item_time_idx').execute();
}
