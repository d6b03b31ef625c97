import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The to-play basket 待播 (issue 15, decision 051): a signed-in user's ordered list of videos
 * and albums to watch next. One row per user and item; `position` orders it (a new entry goes
 * after the last), the primary key makes adding twice a no-op, and the index serves the in-order
 * walk. A visitor's basket lives in the browser and is merged into these rows on sign-in.
 *
 * Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('to_play_items')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position > 0`))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('to_play_items_pk', ['user_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('to_play_items_order_idx')
    .on('to_play_items')
    .columns(['user_id', 'position'])
    .execute();
  await db.schema
    .createIndex('to_play_items_item_idx')
    .on('to_play_items')
    .column('item_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('to_play_items').execute();
}
