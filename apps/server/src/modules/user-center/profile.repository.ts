import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { indexUser } from '../search-index/search-index.service.ts';

export async function findProfile(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('user_credentials as c', 'c.user_id', 'u.id')
    .select(['u.name', 'u.description', 'u.avatar_url', 'c.name_updated_at'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export async function isNameTaken(
  db: Kysely<Database>,
  name: string,
  exceptUserId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('name', '=', name)
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ProfileChange {
  name?: string;
  description?: string;
}

/**
 * Writes the change in one transaction (the caller's, when in one); a new name also stamps when
 * it changed, for the once-a-month rule.
 */
export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  change: ProfileChange,
  now: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.updateTable('users').set(change).where('id', '=', userId).execute();
    await indexUser(trx, userId);
    if (change.name === undefined) return;
    await trx
      .insertInto('user_credentials')
      .values({ user_id: userId, name_updated_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ name_updated_at: now, updated_at: now }),
      )
      .execute();
  });
}

/** Points the user at a new avatar; answers the uri it replaced. */
export async function replaceAvatar(
  db: Kysely<Database>,
  userId: string,
  uri: string,
): Promise<string> {
  const previous = await db
    .selectFrom('users')
    .select('avatar_url')
    .where('id', '=', userId)
    .executeTakeFirst();
  await db.updateTable('users').set({ avatar_url: uri }).where('id', '=', userId).execute();
  return previous?.avatar_url ?? '';
}
