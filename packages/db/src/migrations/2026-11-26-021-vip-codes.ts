import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Membership redeem codes (issue 15, decision 052), minted by `melon vip codes` and redeemed on
 * /vip-exchange.
 *
 * - `code_hash`: SHA-256 (hex) of the normalised code, the key; the code itself is printed once
 *   when minted and never stored, so a copy of the database redeems nothing.
 * - `days`: the membership a redeem adds; `expires_at`: the last moment it may be redeemed
 *   (UTC ms).
 * - `redeemed_by`, `redeemed_at`: null until redeemed; set once, by a conditional update, so
 *   of two concurrent redeems one wins. A deleted user's codes stay redeemed.
 *
 * Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vip_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('days', 'integer', (c) => c.notNull().check(sql`days > 0`))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('redeemed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('redeemed_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vip_codes').execute();
}
