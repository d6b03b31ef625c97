import type { Kysely } from 'kysely';

/*
 * Likes, favourites and votes (decision 027). Frozen: change the schema in a new migration.
 *
 * - `item_diggs`: who liked which item, once each (the primary key). `items.digg_count` moves
 *   with it in the same transaction: +1 only when a row was inserted, -1 only when one was
 *   deleted, so a repeated like or cancel changes nothing and concurrent ones stay exact.
 * - `favorites`: a user's favourited items, newest first by `created_at`; `items.favorite_count`
 *   follows them the same way.
 * - `item_votes`, `item_vote_options`, `item_vote_ballots`: a poll on an item, its options with
 *   their tallies, and one ballot per user and poll.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_diggs')
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_diggs_pk', ['item_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('favorites_user_time_idx')
    .on('favorites')
    .columns(['user_id', 'created_at', 'item_id'])
    .execute();

  await db.schema
    .createTable('item_votes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('item_votes_item_idx').on('item_votes').column('item_id').execute();

  await db.schema
    .createTable('item_vote_options')
    .addColumn('vote_id', 'text', (c) =>
      c.notNull().references('item_votes.id').onDelete('cascade'),
    )
    .addColumn('option_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('vote_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_vote_options_pk', ['vote_id', 'option_id'])
    .execute();

  await db.schema
    .createTable('item_vote_ballots')
    .addColumn('vote_id', 'text', (c) =>
      c.notNull().references('item_votes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('option_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_vote_ballots_pk', ['vote_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'item_vote_ballots',
    'item_vote_options',
    'item_votes',
    'favorites',
    'item_diggs',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
