import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CertificationKind } from '@melon/db/tables/certification';

type Db = Kysely<Database>;

/** The user's newest application of each kind. */
export async function newestApplications(db: Db, userId: string) {
  const rows = await db
    .selectFrom('certification_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return {
    interest: rows.find((row) => row.kind === 'interest'),
    profession: rows.find((row) => row.kind === 'profession'),
  };
}
export type ApplicationRow = NonNullable<
  Awaited<ReturnType<typeof newestApplications>>['interest']
>;

export function findApplication(db: Db, id: string) {
  return db
    .selectFrom('certification_applications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface NewApplication {
  id: string;
  userId: string;
  kind: CertificationKind;
  field: string;
  realName: string | null;
  proof: string | null;
  works: readonly string[];
}

export async function insertApplication(db: Db, app: NewApplication, now: number): Promise<void> {
  await db
    .insertInto('certification_applications')
    .values({
      id: app.id,
      user_id: app.userId,
      kind: app.kind,
      field: app.field,
      real_name: app.realName,
      proof: app.proof,
      works: app.works.join('\n'),
      created_at: now,
    })
    .execute();
}

/** Sets a pending application's verdict; false when it was not pending. */
export async function reviewApplication(
  db: Db,
  id: string,
  verdict: { state: 'approved' | 'rejected'; reason: string | null },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('certification_applications')
    .set({ state: verdict.state, reason: verdict.reason, reviewed_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findUserAuthInfo(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select('user_auth_info')
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setUserAuthInfo(db: Db, userId: string, info: string): Promise<void> {
  await db.updateTable('users').set({ user_auth_info: info }).where('id', '=', userId).execute();
}
