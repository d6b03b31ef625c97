import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { QrLoginStatus } from '@melon/db/tables/sign-in';

export interface NewQrLogin {
  tokenHash: string;
  webId: string;
  now: number;
  expiresAt: number;
  requesterUserAgent: string;
  requesterPlace: string;
}

export async function insertQrLogin(db: Kysely<Database>, login: NewQrLogin): Promise<void> {
  await db
    .insertInto('qr_logins')
    .values({
      token_hash: login.tokenHash,
      status: 'new',
      user_id: null,
      web_id: login.webId,
      created_at: login.now,
      expires_at: login.expiresAt,
      consumed_at: null,
      requester_user_agent: login.requesterUserAgent,
      requester_place: login.requesterPlace,
    })
    .execute();
}

export function findQrLogin(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('qr_logins')
    .select([
      'status',
      'user_id',
      'web_id',
      'expires_at',
      'consumed_at',
      'requester_user_agent',
      'requester_place',
    ])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export type QrLoginRow = NonNullable<Awaited<ReturnType<typeof findQrLogin>>>;

export interface QrTransition {
  tokenHash: string;
  from: QrLoginStatus;
  to: QrLoginStatus;
  userId: string;
  now: number;
}

/**
 * Moves a live, uncollected code from one status to another in one conditional update, so two
 * racing calls cannot both succeed; true when this call made the move. `scan` records the
 * phone's user, later moves require the same user.
 */
export async function transitionQrLogin(
  db: Kysely<Database>,
  { tokenHash, from, to, userId, now }: QrTransition,
): Promise<boolean> {
  const result = await db
    .updateTable('qr_logins')
    .set({ status: to, user_id: userId })
    .where('token_hash', '=', tokenHash)
    .where('status', '=', from)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(from !== 'new', (qb) => qb.where('user_id', '=', userId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a confirmed code as collected; true for the one call that collects it. */
export async function collectQrLogin(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('qr_logins')
    .set({ consumed_at: now })
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'confirmed')
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteQrLoginsExpiredBefore(
  db: Kysely<Database>,
  before: number,
): Promise<void> {
  await db.deleteFrom('qr_logins').where('expires_at', '<', before).execute();
}
