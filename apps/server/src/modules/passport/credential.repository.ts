import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

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
