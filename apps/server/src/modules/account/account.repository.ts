import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { indexUser } from '../search-index/search-index.service.ts';

/** A user with its credentials and bound platforms: what AccountInfo is built from. */
export async function findAccount(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('user_credentials as c', 'c.user_id', 'u.id')
    .select([
      'u.id',
      'u.name',
      'u.avatar_url',
      'u.description',
      'c.mobile',
      'c.email',
      'c.password_hash',
      'c.name_updated_at',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const platforms = await db
    .selectFrom('oauth_identities')
    .select('platform')
    .where('user_id', '=', userId)
    .orderBy('platform')
    .execute();
  return { ...row, platforms: platforms.map((p) => p.platform) };
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export function findUserIdByMobile(db: Kysely<Database>, mobile: string) {
  return db
    .selectFrom('user_credentials')
    .select(['user_id', 'password_hash'])
    .where('mobile', '=', mobile)
    .executeTakeFirst();
}

export function findUserIdByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('user_credentials')
    .select(['user_id', 'password_hash'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserIdByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('user_credentials as c', 'c.user_id', 'u.id')
    .select(['u.id as user_id', 'c.password_hash'])
    .where('u.name', '=', name)
    .executeTakeFirst();
}

export interface NewAccount {
  id: string;
  name: string;
  mobile?: string;
  email?: string;
  passwordHash?: string;
  now: number;
}

/** Creates a user with its credentials in one transaction (the caller's, when in one). */
export async function insertAccount(db: Kysely<Database>, account: NewAccount): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('users')
      .values({ id: account.id, name: account.name, user_auth_info: null, created_at: account.now })
      .execute();
    await trx
      .insertInto('user_credentials')
      .values({
        user_id: account.id,
        mobile: account.mobile ?? null,
        email: account.email?.toLowerCase() ?? null,
        password_hash: account.passwordHash ?? null,
        name_updated_at: null,
        updated_at: account.now,
      })
      .execute();
    await indexUser(trx, account.id);
  });
}
