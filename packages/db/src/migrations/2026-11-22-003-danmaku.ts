import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

/*
 * Danmaku: time-synced comments on an item, their likes and reports, and each viewer's
 * server-side shield-word list. Frozen: change the schema in a new migration.
 *
 * Text is stored as given (plain text, never markup); imported bilibili danmaku have no
 * sender_id, only the bilibili sender hash.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('danmaku')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('offset_ms', 'bigint', (c) => c.notNull().check(sql`offset_ms >= 0`))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('colour', 'integer', (c) =>
      c.notNull().check(sql`colour >= 0 and colour <= 16777215`),
    )
    .addColumn('mode', 'text', (c) =>
      c.notNull().check(oneOf('mode', ['scroll', 'top', 'bottom', 'reverse'])),
    )
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('pool', 'text', (c) =>
      c.notNull().check(oneOf('pool', ['normal', 'subtitle', 'special'])),
    )
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sender_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('send_time', 'bigint', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('visible')
        .check(oneOf('state', ['visible', 'deleted', 'reported'])),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('danmaku_item_offset_idx')
    .on('danmaku')
    .columns(['item_id', 'offset_ms'])
    .execute();
  await db.schema
    .createIndex('danmaku_sender_idx')
    .on('danmaku')
    .columns(['sender_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('danmaku_likes')
    .addColumn('danmaku_id', 'text', (c) =>
      c.notNull().references('danmaku.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('danmaku_likes_pk', ['danmaku_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('danmaku_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('danmaku_id', 'text', (c) =>
      c.notNull().references('danmaku.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('report_type', 'integer', (c) => c.notNull())
    .addColumn('report_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('danmaku_shield_words')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('danmaku_shield_words_user_text_uq', ['user_id', 'text'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['danmaku_shield_words', 'danmaku_reports', 'danmaku_likes', 'danmaku']) {
    await db.schema.dropTable(table).execute();
  }
}

function oneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
