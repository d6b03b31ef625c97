import type { Kysely } from 'kysely';

/*
 * Scan-code login: who is asking. The phone that confirms a code is shown the browser and the
 * rough place of the browser that asked for it (decision 023), so the code remembers them:
 *
 * - `requester_user_agent`: that browser's User-Agent, cut to 512 characters;
 * - `requester_place`: where its address is, in words (本地网络, or the address with its host
 *   part hidden); the address itself is not kept.
 *
 * Null for codes made before. Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('qr_logins').addColumn('requester_user_agent', 'text').execute();
  await db.schema.alterTable('qr_logins').addColumn('requester_place', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('qr_logins').dropColumn('requester_place').execute();
  await db.schema.alterTable('qr_logins').dropColumn('requester_user_agent').execute();
}
