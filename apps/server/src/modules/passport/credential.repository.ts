import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { deleteUserSessions } from '../session/session.repository.ts';

export async function updatePasswordHash(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('user_credentials')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * A reset password and the end of every session of the user, in one transaction: a session an
 * attacker holds never outlives the reset, and a failure leaves the old password in place.
 */
export async function resetPasswordEndingSessions(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  now: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await updatePasswordHash(trx, userId, passwordHash, now);
    await deleteUserSessions(trx, userId);
  });
}
