import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The feedback form 意见反馈 (decision 060), posted by visitors and signed-in users and read and
 * closed by the operator with `melon feedback`. Frozen: change the schema in a new migration.
 *
 * - `feedback`: one message. `user_id` is the signed-in sender (null for a visitor), `web_id`
 *   the browser's; the client fields are the SPEC's, as the page sent them. `state` open →
 *   closed, once.
 * - `feedback_images`: every screenshot uploaded, re-encoded, by its uri. `uploader` is the
 *   viewer key (user, else web_id; decision 039) so only the same visitor attaches it;
 *   `feedback_id` and `position` are set when a message names it, once.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('web_id', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sql`category in ('play', 'danmaku', 'account', 'suggestion', 'other')`),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'closed')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('feedback_created_idx')
    .on('feedback')
    .columns(['created_at'])
    .execute();

  await db.schema
    .createTable('feedback_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uri', 'text', (c) => c.notNull().unique())
    .addColumn('uploader', 'text', (c) => c.notNull())
    .addColumn('feedback_id', 'text', (c) => c.references('feedback.id').onDelete('cascade'))
    .addColumn('position', 'integer')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_images_feedback_idx')
    .on('feedback_images')
    .columns(['feedback_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback_images').execute();
  await db.schema.dropTable('feedback').execute();
}
