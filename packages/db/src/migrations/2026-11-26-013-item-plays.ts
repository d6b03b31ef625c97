import type { Kysely } from 'kysely';

/*
 * Plays (decision 039): one row per counted play. A play counts after 3 s of real playback, once
 * per viewer and item per hour; each row moved `items.play_count` by one in its transaction.
 *
 * - `viewer_key`: who played it: `u:<user id>` for a signed-in viewer, else `w:<web_id>`;
 * - `user_id`: the signed-in viewer, or null for a visitor (kept null when the user goes);
 * - `played_at`: when the play was counted (UTC ms).
 *
 * (item_id, played_at) serves an item's recent plays and trending's per-item counts;
 * (played_at) serves "plays in the last 24 hours" and pruning old rows;
 * (viewer_key, item_id, played_at) serves the hourly dedupe's "has this viewer played it since".
 * Rows go with their item. Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_plays')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('played_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('item_plays_item_time_idx')
    .on('item_plays')
    .columns(['item_id', 'played_at'])
    .execute();
  await db.schema.createIndex('item_plays_time_idx').on('item_plays').column('played_at').execute();
  await db.schema
    .createIndex('item_plays_viewer_item_time_idx')
    .on('item_plays')
    .columns(['viewer_key', 'item_id', 'played_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('item_plays').execute();
}
