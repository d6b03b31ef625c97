import type { Kysely } from 'kysely';
import { compiledQuery, type Params } from '@melon/db/compiled-query';
import type { Database } from '@melon/db/database';

export interface NewSession {
  idHash: string;
  publicId: string;
  userId: string;
  now: number;
  expiresAt: number;
  userAgent: string;
  ip: string;
}

export async function insertSession(db: Kysely<Database>, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.idHash,
      public_id: session.publicId,
      user_id: session.userId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      ip: session.ip,
    })
    .execute();
}

/** Read on every signed-in request: built and compiled once (decision 072). */
const liveSession = compiledQuery((db, p: Params<{ idHash: string; now: number }>) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.public_id',
      's.last_seen_at',
      's.expires_at',
      'u.id as user_id',
      'u.name',
      'u.avatar_url',
    ])
    .where('s.id', '=', p.idHash)
    .where('s.expires_at', '>', p.now),
);

/** The live session with this token hash, with its user's public profile: one primary-key read. */
export function findLiveSession(db: Kysely<Database>, idHash: string, now: number) {
  return liveSession.executeTakeFirst(db, { idHash, now });
}

/** Which of these token hashes belong to a live session. */
export async function findLiveSessionIds(
  db: Kysely<Database>,
  idHashes: readonly string[],
  now: number,
): Promise<Set<string>> {
  if (idHashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', idHashes)
    .where('expires_at', '>', now)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function touchSession(
  db: Kysely<Database>,
  idHash: string,
  now: number,
): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', idHash).execute();
}

/*
 * The deletes below end sessions in the database; a caller then tells every process to stop
 * taking them (`app.forgetSessions`, session.plugin.ts), which keeps them a few seconds.
 */

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', idHash).execute();
}

/** Ends every session of a user but the one kept (none when `keepIdHash` is undefined). */
export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: string,
  keepIdHash?: string,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(keepIdHash !== undefined, (qb) => qb.where('id', '!=', keepIdHash ?? ''))
    .execute();
}

/** The live sessions of a user, last seen first. */
export function listUserSessions(db: Kysely<Database>, userId: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'public_id', 'created_at', 'last_seen_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

export type SessionRow = Awaited<ReturnType<typeof listUserSessions>>[number];

/** Ends one session of a user by its public id; true when one was ended. */
export async function deleteUserSessionByPublicId(
  db: Kysely<Database>,
  userId: string,
  publicId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
