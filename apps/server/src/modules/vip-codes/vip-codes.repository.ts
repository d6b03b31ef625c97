import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/* The redeem codes table (decision 052). */

export interface NewVipCode {
  code_hash: string;
  days: number;
  expires_at: number;
  created_at: number;
}

/** Stores minted codes. */
export async function insertVipCodes(db: Kysely<Database>, codes: NewVipCode[]): Promise<void> {
  if (codes.length > 0) await db.insertInto('vip_codes').values(codes).execute();
}

/**
 * Marks the code redeemed by the user if it is still unredeemed and not expired, and answers
 * its days; undefined when it was not (unknown, used or expired). One conditional update: of
 * concurrent redeems of one code exactly one changes the row.
 */
export async function claimVipCode(
  db: Kysely<Database>,
  codeHash: string,
  userId: string,
  nowMs: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('vip_codes')
    .set({ redeemed_by: userId, redeemed_at: nowMs })
    .where('code_hash', '=', codeHash)
    .where('redeemed_at', 'is', null)
    .where('expires_at', '>', nowMs)
    .returning('days')
    .executeTakeFirst();
  return row?.days;
}

/** Why a code could not be claimed: whether it exists and was redeemed. */
export function findVipCode(db: Kysely<Database>, codeHash: string) {
  return db
    .selectFrom('vip_codes')
    .select(['redeemed_at', 'expires_at'])
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}
