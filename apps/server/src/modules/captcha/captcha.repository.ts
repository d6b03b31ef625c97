import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/**
 * Marks a solved challenge as spent; false when it was spent before. Rows live until the
 * challenge expires, after which verification refuses the solution anyway.
 */
export async function spendSolution(
  db: Kysely<Database>,
  signature: string,
  expiresAt: number,
  now: number,
): Promise<boolean> {
  await db.deleteFrom('captcha_solutions').where('expires_at', '<=', now).execute();
  const result = await db
    .insertInto('captcha_solutions')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
