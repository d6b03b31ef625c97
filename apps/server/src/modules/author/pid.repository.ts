import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/** The user's personal id, null until chosen. */
export async function findPid(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('pid')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.pid ?? null;
}

/** Whether another user holds the personal id. */
export async function pidTakenByOther(db: Kysely<Database>, userId: string, pid: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('pid', '=', pid)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores the personal id; the unique index refuses one another user took meanwhile. */
export async function updatePid(db: Kysely<Database>, userId: string, pid: string): Promise<void> {
  await db.updateTable('users').set({ pid }).where('id', '=', userId).execute();
}
