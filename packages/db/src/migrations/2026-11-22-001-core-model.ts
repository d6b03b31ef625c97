import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

/*
 * Core model: users, channels, items (videos, albums, episodes, series) and their links,
 * tags, anonymous web identities. Frozen: change the schema in a new migration.
 *
 * Written once for SQLite and PostgreSQL:
 * - Ids are 19-digit decimal strings (time-ordered 64-bit ids) kept as `text`. Every id has
 *   the same width and no leading zero, so text order equals numeric order and `order by id`
 *   is time order in both dialects, while no driver ever turns them into lossy JS numbers.
 * - Times are UTC milliseconds in `bigint`; flags are integer 0/1.
 * - Check constraints hold the spec's code lists, literal here because this file never changes.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey().check(isId('id')))
    .addColumn('name', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`length(name) between 1 and 32`),
    )
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_auth_info', 'text')
    .addColumn('followers_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('following_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('video_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('channels')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pinyin', 'text', (c) => c.notNull().unique())
    .addColumn('parent_id', 'integer', (c) => c.references('channels.id'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', 'text')
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('channels_parent_idx')
    .on('channels')
    .columns(['parent_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (c) => c.primaryKey().check(isId('id')))
    .addColumn('item_type', 'integer', (c) =>
      c.notNull().check(oneOf('item_type', [0, 24, 25, 26, 149])),
    )
    .addColumn('visibility', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(60)
        .check(oneOf('visibility', [10, 15, 20, 40, 45, 49, 60, 65, 69])),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('channels.id'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) <= 80`))
    .addColumn('abstract', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_ms', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`duration_ms >= 0`),
    )
    .addColumn('cover_large_uri', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_middle_uri', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('preview_uri', 'text')
    .addColumn('publish_time', 'bigint', (c) => c.notNull())
    .addColumn('behot_time', 'bigint', (c) => c.notNull())
    .addColumn('play_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('digg_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('favorite_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('danmaku_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0).check(isFlag('is_top')))
    .addColumn('hide_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_vr', 'integer', (c) => c.notNull().defaultTo(0).check(isFlag('is_vr')))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Feeds walk items newest behot_time first, id breaking ties: per channel, and site-wide for
  // the recommend feed. Visibility is filtered while walking (nearly every item is visible), so
  // it stays out of the key and the index alone gives the order: no sort per request.
  await db.schema
    .createIndex('items_channel_feed_idx')
    .on('items')
    .columns(['channel_id', 'behot_time desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('items_site_feed_idx')
    .on('items')
    .columns(['behot_time desc', 'id desc'])
    .execute();
  // An author's videos.
  await db.schema
    .createIndex('items_user_idx')
    .on('items')
    .columns(['user_id', 'publish_time desc'])
    .execute();

  await db.schema
    .createTable('albums')
    .addColumn('item_id', 'text', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('album_type', 'integer', (c) =>
      c.notNull().check(oneOf('album_type', [1, 2, 3, 4, 5, 6, 7, 13, 14, 15, 16, 17])),
    )
    .addColumn('sequence_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('episode')
        .check(oneOf('sequence_type', ['episode', 'period'])),
    )
    .addColumn('year', 'integer')
    .addColumn('area', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('total_episodes', 'integer')
    .addColumn('pinyin', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('album_episodes')
    .addColumn('album_id', 'text', (c) =>
      c.notNull().references('albums.item_id').onDelete('cascade'),
    )
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('episode_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('official')
        .check(oneOf('episode_type', ['official', 'trailer', 'focus', 'edit', 'footage', 'raw'])),
    )
    .addColumn('opening_ms', 'integer', (c) => c.check(sql`opening_ms >= 0`))
    .addColumn('ending_ms', 'integer', (c) => c.check(sql`ending_ms >= 0`))
    .addPrimaryKeyConstraint('album_episodes_pk', ['album_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('album_episodes_item_idx')
    .on('album_episodes')
    .column('item_id')
    .execute();

  await db.schema
    .createTable('series')
    .addColumn('item_id', 'text', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['series', 'pseries'])))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .execute();
  await db.schema.createIndex('series_user_idx').on('series').column('user_id').execute();

  await db.schema
    .createTable('series_items')
    .addColumn('series_id', 'text', (c) =>
      c.notNull().references('series.item_id').onDelete('cascade'),
    )
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('series_items_pk', ['series_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('series_items_order_idx')
    .on('series_items')
    .columns(['series_id', 'position'])
    .execute();
  await db.schema
    .createIndex('series_items_item_idx')
    .on('series_items')
    .column('item_id')
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey().check(isId('id')))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('item_tags')
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('item_tags_pk', ['item_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('item_tags_tag_idx').on('item_tags').column('tag_id').execute();

  await db.schema
    .createTable('web_identities')
    .addColumn('web_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('qualified', 'integer', (c) => c.notNull().defaultTo(0).check(isFlag('qualified')))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'web_identities',
    'item_tags',
    'tags',
    'series_items',
    'series',
    'album_episodes',
    'albums',
    'items',
    'channels',
    'users',
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
}

function isId(column: string): RawBuilder<unknown> {
  return sql`length(${sql.ref(column)}) = 19`;
}

function isFlag(column: string): RawBuilder<unknown> {
  return oneOf(column, [0, 1]);
}

/** Literals, not parameters: DDL cannot take bound parameters. */
function oneOf(column: string, values: readonly (number | string)[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
