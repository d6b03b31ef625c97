import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The cinema catalogue and membership (issue 15, decision 047).
 *
 * - `albums` gains what the filter page filters and the cards show: `genres` (Chinese genre
 *   names, comma-separated, e.g. `剧情,爱情`), `score` (tenths: 86 is 8.6; 0 unrated),
 *   `cast_names` (comma-separated) and `vip` (1 when any of its episodes is for members only,
 *   kept by the cinema writer so the "会员 / 免费" filter is a column test).
 * - `album_episodes.access`: `free`, `vip` (members only) or `paid` (bought one by one through
 *   `episode_product`, price in fen in `price_fen`; members pay too).
 * - `item_media.trial_package_dir`: the separate short rendition (the 6-minute preview of SPEC
 *   §4) a non-member is given instead of the full package; null until the worker builds it.
 * - `vip_memberships`: a user's membership, valid until `expires_at` (UTC ms); a grant extends
 *   it from the later of now and the current expiry.
 * - `paid_episodes`: an episode a user bought (`order_id` is the order that granted it, or the
 *   redeemed code's id).
 *
 * Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('albums')
    .addColumn('genres', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('albums')
    .addColumn('score', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`score between 0 and 100`),
    )
    .execute();
  await db.schema
    .alterTable('albums')
    .addColumn('cast_names', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('albums')
    .addColumn('vip', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`vip in (0, 1)`),
    )
    .execute();
  await db.schema
    .alterTable('album_episodes')
    .addColumn('access', 'text', (c) =>
      c
        .notNull()
        .defaultTo('free')
        .check(sql`access in ('free', 'vip', 'paid')`),
    )
    .execute();
  await db.schema
    .alterTable('album_episodes')
    .addColumn('price_fen', 'integer', (c) => c.check(sql`price_fen > 0`))
    .execute();
  await db.schema.alterTable('item_media').addColumn('trial_package_dir', 'text').execute();

  await db.schema
    .createTable('vip_memberships')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('paid_episodes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('paid_episodes_pk', ['user_id', 'item_id'])
    .execute();

  await db.schema
    .createIndex('albums_filter_idx')
    .on('albums')
    .columns(['album_type', 'year', 'area'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('albums_filter_idx').execute();
  await db.schema.dropTable('paid_episodes').execute();
  await db.schema.dropTable('vip_memberships').execute();
  await db.schema.alterTable('item_media').dropColumn('trial_package_dir').execute();
  await db.schema.alterTable('album_episodes').dropColumn('price_fen').execute();
  await db.schema.alterTable('album_episodes').dropColumn('access').execute();
  for (const column of ['vip', 'cast_names', 'score', 'genres']) {
    await db.schema.alterTable('albums').dropColumn(column).execute();
  }
}
