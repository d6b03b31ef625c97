import type { Kysely } from 'kysely';

/*
 * Shared secrets (decision 040): keys every process of a site must hold alike, such as the site
 * secret that signs anti-forgery tokens and media URLs. Kept in the database, which every
 * process of the scale mode reads, instead of one process's data directory.
 *
 * - `name`: which secret ('site');
 * - `value`: its bytes, base64url;
 * - `created_at`: when it was made (or brought over from the data directory).
 *
 * A row is written once, at start-up under the start-up lock, and never changed by Melon.
 * Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_secrets').execute();
}
