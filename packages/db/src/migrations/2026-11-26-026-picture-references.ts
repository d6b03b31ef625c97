import { sql, type Kysely } from 'kysely';

/*
 * Where a stored picture is named, by its uri (decision 063): the unattached-pictures sweep asks,
 * for each picture, whether a comment or a claim's proofs name it. Frozen: change the schema in
 * a new migration.
 *
 * - `comments_image_uri_idx`: the comments with a picture (most have none, hence partial).
 * - `tort_report_proofs_uri_idx`: a claim's proofs (private proofs and older claims' comment
 *   pictures).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('comments_image_uri_idx')
    .on('comments')
    .column('image_uri')
    .where(sql.ref('image_uri'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('tort_report_proofs_uri_idx')
    .on('tort_report_proofs')
    .column('image_uri')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tort_report_proofs_uri_idx').execute();
  await db.schema.dropIndex('comments_image_uri_idx').execute();
}
