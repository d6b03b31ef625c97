import type { Kysely } from 'kysely';

/*
 * Private proof pictures of infringement claims (decision 055, "Private proofs"). Frozen:
 * change the schema in a new migration.
 *
 * - `tort_proof_images`: every proof picture uploaded, re-encoded, stored in media storage at
 *   `uri` (under `private/`, a prefix the public media route never serves). `user_id` is the
 *   uploader: only they may name it in a claim and fetch its bytes. Claims keep naming their
 *   proofs by uri in `tort_report_proofs` (older claims: comment pictures' uris).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tort_proof_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uri', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tort_proof_images').execute();
}
