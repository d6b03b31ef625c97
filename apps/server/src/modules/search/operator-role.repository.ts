import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { UserRole } from '@melon/db/tables/users';

/** Whether the user holds the role. */
export async function hasRole(
  db: Kysely<Database>,
  userId: string,
  role: UserRole,
): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .executeTakeFirst();
  return row !== undefined;
}

/** Grants the role; answers false when the user held it already. */
export async function grantRole(
  db: Kysely<Database>,
  userId: string,
  role: UserRole,
  grantedAt: number,
): Promise<boolean> {
  const result = await db
    .insertInto('user_roles')
    .values({ user_id: userId, role, granted_at: grantedAt })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
