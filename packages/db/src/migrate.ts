import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Database } from './database.ts';
import * as coreModel from './migrations/2026-11-22-001-core-model.ts';
import * as accounts from './migrations/2026-11-22-002-accounts.ts';
import * as danmaku from './migrations/2026-11-22-003-danmaku.ts';
import * as mediaAndJobs from './migrations/2026-11-23-001-media-and-jobs.ts';
import * as danmakuSourceMode from './migrations/2026-11-23-004-danmaku-source-mode.ts';
import * as qrLoginRequester from './migrations/2026-11-25-010-qr-login-requester.ts';
import * as likesFavourites from './migrations/2026-11-25-020-likes-favourites.ts';
import * as followsBlocks from './migrations/2026-11-25-021-follows-blocks.ts';
import * as watchHistory from './migrations/2026-11-25-022-watch-history.ts';
import * as comments from './migrations/2026-11-25-023-comments.ts';
import * as reportsAndImages from './migrations/2026-11-25-024-reports-and-images.ts';
import * as trueCounts from './migrations/2026-11-25-030-true-counts.ts';
import * as searchIndex from './migrations/2026-11-26-010-search-index.ts';
import * as searchLog from './migrations/2026-11-26-011-search-log.ts';
import * as recommend from './migrations/2026-11-26-012-recommend.ts';
import * as itemPlays from './migrations/2026-11-26-013-item-plays.ts';
import * as sharedSecrets from './migrations/2026-11-26-014-shared-secrets.ts';
import * as playlists from './migrations/2026-11-26-015-playlists.ts';
import * as studio from './migrations/2026-11-26-016-studio.ts';
import * as studioSeries from './migrations/2026-11-26-017-studio-series.ts';
import * as cinemaMembership from './migrations/2026-11-26-018-cinema-membership.ts';
import * as payOrders from './migrations/2026-11-26-019-pay-orders.ts';
import * as toPlay from './migrations/2026-11-26-020-to-play.ts';
import * as vipCodes from './migrations/2026-11-26-021-vip-codes.ts';
import * as cinemaRegionIndex from './migrations/2026-11-26-022-cinema-region-index.ts';
import * as tortReports from './migrations/2026-11-26-023-tort-reports.ts';
import * as feedback from './migrations/2026-11-26-024-feedback.ts';
import * as tortProofImages from './migrations/2026-11-26-025-tort-proof-images.ts';
import * as pictureReferences from './migrations/2026-11-26-026-picture-references.ts';
import * as searchBlocklist from './migrations/2026-12-07-027-search-blocklist.ts';
import * as danmakuReportOnce from './migrations/2026-12-07-029-danmaku-report-once.ts';
import * as searchListing from './migrations/2026-12-07-030-search-listing.ts';
import * as commentsHiddenIndex from './migrations/2026-12-07-031-comments-hidden-index.ts';
import * as cinemaChanges from './migrations/2026-12-07-033-cinema-changes.ts';

/** Every migration, by date-prefixed name. Append new ones; never edit or reorder. */
const migrations: Record<string, Migration> = {
  '2026-11-22-001-core-model': coreModel,
  '2026-11-22-002-accounts': accounts,
  '2026-11-22-003-danmaku': danmaku,
  '2026-11-23-001-media-and-jobs': mediaAndJobs,
  '2026-11-23-004-danmaku-source-mode': danmakuSourceMode,
  '2026-11-25-010-qr-login-requester': qrLoginRequester,
  '2026-11-25-020-likes-favourites': likesFavourites,
  '2026-11-25-021-follows-blocks': followsBlocks,
  '2026-11-25-022-watch-history': watchHistory,
  '2026-11-25-023-comments': comments,
  '2026-11-25-024-reports-and-images': reportsAndImages,
  '2026-11-25-030-true-counts': trueCounts,
  '2026-11-26-010-search-index': searchIndex,
  '2026-11-26-011-search-log': searchLog,
  '2026-11-26-012-recommend': recommend,
  '2026-11-26-013-item-plays': itemPlays,
  '2026-11-26-014-shared-secrets': sharedSecrets,
  '2026-11-26-015-playlists': playlists,
  '2026-11-26-016-studio': studio,
  '2026-11-26-017-studio-series': studioSeries,
  '2026-11-26-018-cinema-membership': cinemaMembership,
  '2026-11-26-019-pay-orders': payOrders,
  '2026-11-26-020-to-play': toPlay,
  '2026-11-26-021-vip-codes': vipCodes,
  '2026-11-26-022-cinema-region-index': cinemaRegionIndex,
  '2026-11-26-023-tort-reports': tortReports,
  '2026-11-26-024-feedback': feedback,
  '2026-11-26-025-tort-proof-images': tortProofImages,
  '2026-11-26-026-picture-references': pictureReferences,
  '2026-12-07-027-search-blocklist': searchBlocklist,
  '2026-12-07-029-danmaku-report-once': danmakuReportOnce,
  '2026-12-07-030-search-listing': searchListing,
  '2026-12-07-031-comments-hidden-index': commentsHiddenIndex,
  '2026-12-07-033-cinema-changes': cinemaChanges,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** Applies the migrations up to and including `name` (a site as it stood then) and returns their names. */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<string[]> {
  const { error, results = [] } = await new Migrator({ db, provider }).migrateTo(name);
  if (error !== undefined)
    throw new Error(`Database migration to ${name} failed`, { cause: error });
  return results.map((result) => result.migrationName);
}

/** Applies the pending migrations and returns their names (empty when already up to date). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results = [] } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}
