import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Comments (decision 030). Frozen: change the schema in a new migration.
 *
 * - `comments`: comments on an item and their replies (`root_id` the comment a reply belongs
 *   under, `reply_to_user_id` whom a reply to a reply answers). Text is plain text as written.
 *   `state`: visible to everyone, filtered (an author's filter word: its writer only), held (a
 *   link to another site: its writer and the video's author until approved), deleted. The hot
 *   order's key (`hot_key`, time-independent) is stored with the moment it last changed.
 * - `comment_hot_history`: each key a comment had before its last change and when it held, so
 *   a page of the hot order reads every key as it was at the list's snapshot time.
 * - `comment_diggs`: one like per user and comment.
 * - `comment_pins`: the one comment each item's author pinned.
 * - `comment_filter_words`: each author's filter words.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('root_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('reply_to_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image_uri', 'text')
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('visible')
        .check(sql`state in ('visible', 'filtered', 'held', 'deleted')`),
    )
    .addColumn('digg_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`digg_count >= 0`),
    )
    .addColumn('reply_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`reply_count >= 0`),
    )
    .addColumn('author_reply_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`author_reply_count >= 0`),
    )
    .addColumn('hot_key', 'double precision', (c) => c.notNull())
    .addColumn('hot_key_since', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_hot_idx')
    .on('comments')
    .columns(['item_id', 'hot_key', 'id'])
    .where(sql.ref('root_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('comments_time_idx')
    .on('comments')
    .columns(['item_id', 'created_at', 'id'])
    .where(sql.ref('root_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('comments_replies_idx')
    .on('comments')
    .columns(['root_id', 'created_at', 'id'])
    .where(sql.ref('root_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('comments_user_idx').on('comments').column('user_id').execute();

  await db.schema
    .createTable('comment_hot_history')
    .addColumn('comment_id', 'text', (c) =>
      c.notNull().references('comments.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('hot_key', 'double precision', (c) => c.notNull())
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    .addColumn('valid_to', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_hot_history_item_idx')
    .on('comment_hot_history')
    .columns(['item_id', 'valid_to'])
    .execute();
  await db.schema
    .createIndex('comment_hot_history_comment_idx')
    .on('comment_hot_history')
    .column('comment_id')
    .execute();

  await db.schema
    .createTable('comment_diggs')
    .addColumn('comment_id', 'text', (c) =>
      c.notNull().references('comments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_diggs_pk', ['comment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('comment_pins')
    .addColumn('item_id', 'text', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('comment_id', 'text', (c) =>
      c.notNull().references('comments.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('comment_filter_words')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('comment_filter_words_user_text_uq', ['user_id', 'text'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'comment_filter_words',
    'comment_pins',
    'comment_diggs',
    'comment_hot_history',
    'comments',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
