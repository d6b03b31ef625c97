import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';

/*
 * One delete per kind of row that outlives its use; each answers how many rows it removed.
 * `before` is a time in ms: rows whose reference time is earlier go.
 */

const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** Browsers last seen before the time. */
export async function deleteVisitorsSeenBefore(db: Kysely<Database>, before: number) {
  return count(
    await db.deleteFrom('web_identities').where('last_seen_at', '<', before).executeTakeFirst(),
  );
}

export async function deleteSessionsExpiredBefore(db: Kysely<Database>, before: number) {
  return count(await db.deleteFrom('sessions').where('expires_at', '<', before).executeTakeFirst());
}

export async function deleteCodesExpiredBefore(db: Kysely<Database>, before: number) {
  return count(
    await db.deleteFrom('verification_codes').where('expires_at', '<', before).executeTakeFirst(),
  );
}

export async function deleteScanLoginsExpiredBefore(db: Kysely<Database>, before: number) {
  return count(
    await db.deleteFrom('qr_logins').where('expires_at', '<', before).executeTakeFirst(),
  );
}

export async function deleteCaptchaSolutionsExpiredBefore(db: Kysely<Database>, before: number) {
  return count(
    await db.deleteFrom('captcha_solutions').where('expires_at', '<', before).executeTakeFirst(),
  );
}

/** Failure counters whose window started before the time. */
export async function deleteSignInFailuresBefore(db: Kysely<Database>, before: number) {
  return count(
    await db.deleteFrom('auth_failures').where('window_started_at', '<', before).executeTakeFirst(),
  );
}

/** Succeeded and failed jobs last changed before the time; queued and running ones stay. */
export async function deleteJobsFinishedBefore(db: Kysely<Database>, before: number) {
  return count(
    await db
      .deleteFrom('jobs')
      .where('state', 'in', ['succeeded', 'failed'])
      .where('updated_at', '<', before)
      .executeTakeFirst(),
  );
}

export async function deleteReportsMadeBefore(db: Kysely<Database>, before: number) {
  return count(
    await db.deleteFrom('danmaku_reports').where('created_at', '<', before).executeTakeFirst(),
  );
}

/** Payment notify log rows received before the time (decision 048). */
export async function deleteNotifyLogBefore(db: Kysely<Database>, before: number) {
  return count(
    await db.deleteFrom('pay_notify_log').where('received_at', '<', before).executeTakeFirst(),
  );
}

/** Counted plays played before the time (decision 039); the items' play counts stay. */
export async function deletePlaysBefore(db: Kysely<Database>, before: number) {
  return count(
    await db.deleteFrom('item_plays').where('played_at', '<', before).executeTakeFirst(),
  );
}

/** Reports of videos, users and comments made before the time (decision 031). */
export async function deleteContentReportsMadeBefore(db: Kysely<Database>, before: number) {
  return count(await db.deleteFrom('reports').where('created_at', '<', before).executeTakeFirst());
}

/** Keys comments held until before the time: no hot-order snapshot that old is still read (decision 030). */
export async function deleteCommentKeysReplacedBefore(db: Kysely<Database>, before: number) {
  return count(
    await db.deleteFrom('comment_hot_history').where('valid_to', '<', before).executeTakeFirst(),
  );
}
