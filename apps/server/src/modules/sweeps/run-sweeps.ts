import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { Retention } from '../../settings.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { CINEMA_CHANGES_KEPT_MS } from '../cinema/album-snapshot-sync.ts';
import { deleteChangesBefore } from '../cinema/cinema-changes.repository.ts';
import { HOT_SNAPSHOT_MAX_AGE_MS } from '../comment/comment-lists.service.ts';
import { deleteSearchesBefore } from '../search/search-log.repository.ts';
import { HOT_WINDOW_MS } from '../search/search-words.service.ts';
import {
  deleteCaptchaSolutionsExpiredBefore,
  deleteCommentKeysReplacedBefore,
  deleteCodesExpiredBefore,
  deleteContentReportsMadeBefore,
  deleteJobsFinishedBefore,
  deleteNotifyLogBefore,
  deletePlaysBefore,
  deleteReportsMadeBefore,
  deleteScanLoginsExpiredBefore,
  deleteSessionsExpiredBefore,
  deleteSignInFailuresBefore,
  deleteVisitorsSeenBefore,
} from './sweeps.repository.ts';
import { type PictureCounts, sweepUnattachedPictures } from './unattached-pictures.ts';

const DAY_MS = 24 * 3600_000;

/** How many rows each sweep removed, by table. */
export type SweepCounts = PictureCounts &
  Record<
    | 'web_identities'
    | 'sessions'
    | 'verification_codes'
    | 'qr_logins'
    | 'captcha_solutions'
    | 'auth_failures'
    | 'jobs'
    | 'danmaku_reports'
    | 'reports'
    | 'comment_hot_history'
    | 'search_log'
    | 'pay_notify_log'
    | 'item_plays'
    | 'cinema_changes',
    number
  >;

/**
 * Removes the rows past their retention, one table after another (each delete is one statement,
 * so a sweep stopped half-way leaves every table consistent and the next sweep finishes it), and
 * the pictures uploaded but never used, with their files in `storage`.
 */
export async function runSweeps(
  db: Kysely<Database>,
  storage: MediaStorage,
  retention: Retention,
  now: number,
): Promise<SweepCounts> {
  const daysAgo = (days: number) => now - days * DAY_MS;
  const expired = daysAgo(retention.expiredDays);
  return {
    web_identities: await deleteVisitorsSeenBefore(db, daysAgo(retention.visitorsDays)),
    sessions: await deleteSessionsExpiredBefore(db, expired),
    verification_codes: await deleteCodesExpiredBefore(db, expired),
    qr_logins: await deleteScanLoginsExpiredBefore(db, expired),
    captcha_solutions: await deleteCaptchaSolutionsExpiredBefore(db, expired),
    auth_failures: await deleteSignInFailuresBefore(db, daysAgo(retention.signInFailuresDays)),
    jobs: await deleteJobsFinishedBefore(db, daysAgo(retention.finishedJobsDays)),
    danmaku_reports: await deleteReportsMadeBefore(db, daysAgo(retention.reportsDays)),
    reports: await deleteContentReportsMadeBefore(db, daysAgo(retention.reportsDays)),
    comment_hot_history: await deleteCommentKeysReplacedBefore(db, now - HOT_SNAPSHOT_MAX_AGE_MS),
    // Hot words count the last day's searches; older ones count for nothing.
    search_log: await deleteSearchesBefore(db, now - HOT_WINDOW_MS),
    // The payments' refusals and late payments, for the operator: as long as reports.
    pay_notify_log: await deleteNotifyLogBefore(db, daysAgo(retention.reportsDays)),
    item_plays: await deletePlaysBefore(db, daysAgo(retention.playsDays)),
    // The cinema's album snapshots read the last minutes of the change log (decision 073).
    cinema_changes: await deleteChangesBefore(db, now - CINEMA_CHANGES_KEPT_MS),
    ...(await sweepUnattachedPictures(db, storage, daysAgo(retention.unattachedPicturesDays))),
  };
}

/** "3 sessions, 2 jobs" — the tables a sweep removed rows from; empty when it removed none. */
export function describeSweep(counts: SweepCounts): string {
  return Object.entries(counts)
    .filter(([, removed]) => removed > 0)
    .map(([table, removed]) => `${removed} ${table}`)
    .join(', ');
}
