import { sql, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { CodeChannel, CodePurpose } from '@melon/db/tables/sign-in';

/** When codes were sent to a target since a time, newest first. */
export async function codeTimesSince(
  db: Kysely<Database>,
  channel: CodeChannel,
  target: string,
  since: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => row.created_at);
}

export interface NewCode {
  id: string;
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  codeHash: string;
  now: number;
  expiresAt: number;
}

export async function insertCode(db: Kysely<Database>, code: NewCode): Promise<void> {
  await db
    .insertInto('verification_codes')
    .values({
      id: code.id,
      channel: code.channel,
      target: code.target,
      purpose: code.purpose,
      code_hash: code.codeHash,
      created_at: code.now,
      expires_at: code.expiresAt,
      attempts: 0,
      consumed_at: null,
    })
    .execute();
}

export async function deleteCode(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('verification_codes').where('id', '=', id).execute();
}

/** Forgets a target's codes older than `before`: they count toward no limit any more. */
export async function pruneCodes(
  db: Kysely<Database>,
  channel: CodeChannel,
  target: string,
  before: number,
): Promise<void> {
  await db
    .deleteFrom('verification_codes')
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('created_at', '<=', before)
    .execute();
}

/** The code sent last to a target for one of the purposes. */
export function findLatestCode(
  db: Kysely<Database>,
  channel: CodeChannel,
  target: string,
  purposes: readonly CodePurpose[],
) {
  return db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash', 'expires_at', 'attempts', 'consumed_at'])
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('purpose', 'in', purposes)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Counts a wrong try; the new count, or undefined when the code had no tries left. */
export async function countWrongTry(
  db: Kysely<Database>,
  id: string,
  maxAttempts: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('verification_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Spends a live code; false when another request spent it first or it just died. */
export async function consumeCode(
  db: Kysely<Database>,
  id: string,
  maxAttempts: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
