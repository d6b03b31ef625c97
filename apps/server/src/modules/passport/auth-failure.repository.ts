import { sql, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/**
 * Counts a failure for each key in a window that starts at its first failure; a failure after
 * the window has passed starts a new one.
 */
export async function recordFailures(
  db: Kysely<Database>,
  keys: readonly string[],
  now: number,
  windowMs: number,
): Promise<void> {
  const windowStart = now - windowMs;
  for (const key of keys) {
    await db
      .insertInto('auth_failures')
      .values({ key, failures: 1, window_started_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql`case when auth_failures.window_started_at > ${windowStart}
            then auth_failures.failures + 1 else 1 end`,
          window_started_at: sql`case when auth_failures.window_started_at > ${windowStart}
            then auth_failures.window_started_at else ${now} end`,
        }),
      )
      .execute();
  }
}

/** The highest failure count among the keys within their live windows. */
export async function maxFailures(
  db: Kysely<Database>,
  keys: readonly string[],
  now: number,
  windowMs: number,
): Promise<number> {
  const rows = await db
    .selectFrom('auth_failures')
    .select('failures')
    .where('key', 'in', keys)
    .where('window_started_at', '>', now - windowMs)
    .execute();
  return Math.max(0, ...rows.map((row) => row.failures));
}

/**
 * Counts a failure for a key whose count lasts `memoryMs` after its latest failure (the row's
 * window then starts at the latest failure): a failure after that starts the count again.
 */
export async function recordFailureSinceLast(
  db: Kysely<Database>,
  key: string,
  now: number,
  memoryMs: number,
): Promise<void> {
  const forgottenBefore = now - memoryMs;
  await db
    .insertInto('auth_failures')
    .values({ key, failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when auth_failures.window_started_at > ${forgottenBefore}
          then auth_failures.failures + 1 else 1 end`,
        window_started_at: now,
      }),
    )
    .execute();
}

/** A key's failures and the latest one's time, when it failed within `memoryMs`. */
export async function findFailures(
  db: Kysely<Database>,
  key: string,
  now: number,
  memoryMs: number,
): Promise<{ failures: number; at: number } | undefined> {
  const row = await db
    .selectFrom('auth_failures')
    .select(['failures', 'window_started_at'])
    .where('key', '=', key)
    .where('window_started_at', '>', now - memoryMs)
    .executeTakeFirst();
  return row && { failures: row.failures, at: row.window_started_at };
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('auth_failures').where('key', '=', key).execute();
}
