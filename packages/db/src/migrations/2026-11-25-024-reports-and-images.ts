import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Reports and comment pictures (decision 031). Frozen: change the schema in a new migration.
 *
 * - `reports`: one row per reporter and target (a video, a user or a comment, by id), with the
 *   reason's number from get_report_reasons and the reporter's optional words. The unique key
 *   makes a second report of the same target store nothing, even when two arrive at once. The
 *   target is not a foreign key: the three kinds live in different tables, and a report stays
 *   on record after its target is deleted.
 * - `comment_images`: every picture uploaded for a comment, re-encoded, by the uri a comment
 *   sends as `image_info`; the uploader is kept so that only they can attach it.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_kind', 'text', (c) =>
      c.notNull().check(sql`target_kind in ('video', 'user', 'comment')`),
    )
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('report_type', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('reports_reporter_target_uq', ['reporter_id', 'target_kind', 'target_id'])
    .execute();
  await db.schema
    .createIndex('reports_target_idx')
    .on('reports')
    .columns(['target_kind', 'target_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('comment_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uri', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_images_user_idx')
    .on('comment_images')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comment_images').execute();
  await db.schema.dropTable('reports').execute();
}
