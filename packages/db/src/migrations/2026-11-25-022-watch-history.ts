import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Watch history (decision 029): one row per signed-in viewer and played item (a short video or
 * an episode), written by one upsert on every progress report.
 *
 * - `progress_ms`: where the viewer stopped; the item's length once watched to the end;
 * - `watched_at`: when they last watched it, the history's order (newest first).
 *
 * The history page pages through a viewer's rows by (`watched_at`, `item_id`) descending, which
 * the index serves. Rows go with their user or item. Frozen: change the schema in a new
 * migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('watch_history')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('progress_ms', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress_ms >= 0`),
    )
    .addColumn('watched_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_history_pk', ['user_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('watch_history_user_time_idx')
    .on('watch_history')
    .columns(['user_id', 'watched_at', 'item_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watch_history').execute();
}
