import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Search pages (decision 036).
 *
 * - `search_log`: one row per search made (the first page of a result list), by whom
 *   (`viewer_key`: `u:<user id>` signed in, else `w:<web_id>`) and when; hot words count the
 *   distinct viewers of each word over the last 24 hours, which (searched_at) serves. The sweep
 *   drops rows older than that.
 * - `search_history`: a signed-in viewer's recent searches, one row per word (the newest time
 *   kept), read newest first by (user_id, searched_at); trimmed to the newest few.
 * - `user_roles`: roles granted by `melon user grant-operator <id>`; `operator` opens the search
 *   debug page.
 *
 * Rows go with their user. Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('searched_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_log_time_idx')
    .on('search_log')
    .columns(['searched_at', 'word'])
    .execute();

  await db.schema
    .createTable('search_history')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('searched_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_history_pk', ['user_id', 'word'])
    .execute();
  await db.schema
    .createIndex('search_history_user_time_idx')
    .on('search_history')
    .columns(['user_id', 'searched_at'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('operator')`))
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_roles').execute();
  await db.schema.dropTable('search_history').execute();
  await db.schema.dropTable('search_log').execute();
}
