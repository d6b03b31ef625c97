import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Follows and blocks (decision 028). Frozen: change the schema in a new migration.
 *
 * - `follows`: one row per follower and followed user; its insert or delete is what moves the
 *   two users' `followers_count` / `following_count`, in the same transaction, so the counters
 *   are the rows' count. `created_at` (ms) is the lists' `behotTime`: the follow and fan lists
 *   page newest first on (created_at, user id).
 * - `blocks`: one row per blocker and blocked user. A block also ends the follows between the
 *   two, both ways; a blocked user cannot follow the blocker or send danmaku to their videos.
 *
 * Nobody follows or blocks themselves (checked here as well as in the service).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .addCheckConstraint('follows_not_self', sql`follower_id <> followee_id`)
    .execute();
  await db.schema
    .createIndex('follows_follower_time_idx')
    .on('follows')
    .columns(['follower_id', 'created_at', 'followee_id'])
    .execute();
  await db.schema
    .createIndex('follows_followee_time_idx')
    .on('follows')
    .columns(['followee_id', 'created_at', 'follower_id'])
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blocks').execute();
  await db.schema.dropTable('follows').execute();
}
