import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Playlists and the personal id (issue 14, decision 044). Series (合集 / pseries) already live
 * in the core model: a series is an item (type 26 or 149) whose title, abstract and covers are
 * its name, description and cover, and `series_items.position` its order.
 *
 * - `playlists`: a user's own ordered list of any videos; `is_public` lists it on
 *   /user_playlist/:userId; `item_count` follows its rows in the same transaction.
 * - `playlist_items`: one row per playlist and item; `position` orders it (the creator studio
 *   will reorder by rewriting positions), the index serves the in-order walk.
 * - `users.pid`: the personal id a user may choose (get/pid, set/pid), unique when set.
 * - `items_user_plays_idx`: an author's most played videos (author/hot_video_list, on every
 *   author home) walk the index instead of sorting all the author's items.
 *
 * Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('playlists')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`length(id) = 19`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 40`))
    .addColumn('description', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(description) <= 200`),
    )
    .addColumn('is_public', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`is_public in (0, 1)`),
    )
    .addColumn('item_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`item_count >= 0`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('playlists_user_idx')
    .on('playlists')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('playlist_items')
    .addColumn('playlist_id', 'text', (c) =>
      c.notNull().references('playlists.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_items_pk', ['playlist_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('playlist_items_order_idx')
    .on('playlist_items')
    .columns(['playlist_id', 'position'])
    .execute();
  await db.schema
    .createIndex('playlist_items_item_idx')
    .on('playlist_items')
    .column('item_id')
    .execute();

  await db.schema
    .createIndex('items_user_plays_idx')
    .on('items')
    .columns(['user_id', 'play_count desc', 'id desc'])
    .execute();

  await db.schema.alterTable('users').addColumn('pid', 'text').execute();
  await db.schema.createIndex('users_pid_idx').on('users').column('pid').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_pid_idx').execute();
  await db.schema.dropIndex('items_user_plays_idx').execute();
  await db.schema.alterTable('users').dropColumn('pid').execute();
  await db.schema.dropTable('playlist_items').execute();
  await db.schema.dropTable('playlists').execute();
}
