import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import { presentAccount } from './account.presenter.ts';
import { findAccount, insertAccount, type NewAccount } from './account.repository.ts';

/** A name for a new account until its owner picks one: 甜瓜用户 and eight digits. */
export const defaultAccountName = (): string =>
  `甜瓜用户${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** Creates an account, picking another generated name on the rare clash. */
export async function createAccount(
  db: Kysely<Database>,
  newId: () => string,
  credentials: Omit<NewAccount, 'id' | 'name' | 'now'>,
): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const id = newId();
    const name = defaultAccountName();
    try {
      await insertAccount(db, { ...credentials, id, name, now: Date.now() });
      return id;
    } catch (error) {
      const nameTaken = await db
        .selectFrom('users')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirst();
      if (!nameTaken || attempt === 3) throw error;
    }
  }
}

/** The AccountInfo of a user; throws when the user does not exist. */
export async function loadAccountInfo(db: Kysely<Database>, userId: string): Promise<AccountInfo> {
  const row = await findAccount(db, userId);
  if (!row) throw new Error(`account ${userId} not found`);
  return presentAccount(row);
}
