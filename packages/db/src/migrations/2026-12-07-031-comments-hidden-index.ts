import { sql, type Kysely } from 'kysely';

/*
 * Every signed-in page of comments asks whether the viewer wrote a comment on the video that only
 * they see (filtered or held; decision 072). The shared page now reads, once a second, who has
 * such comments on the video: a partial index holds only those comments, by video and writer,
 * so the read is as small as the answer. Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('comments_hidden_idx')
    .on('comments')
    .columns(['item_id', 'user_id'])
    .where(sql.ref('state'), 'in', [sql.lit('filtered'), sql.lit('held')])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('comments_hidden_idx').execute();
}
