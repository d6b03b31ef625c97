import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import {
  ANALYTICS_DAYS,
  RETENTION_STEP_PERCENT,
  type StudioAnalytics,
  type StudioEditBody,
  type StudioVideoDetail,
  type StudioVideosPage,
} from '@melon/shared/contracts/studio';
import { TITLE_MAX_LENGTH } from '@melon/shared/contracts/publish';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { forbidden, invalid, notFound } from '../../lib/domain-error.ts';
import type { ItemAccessChanged } from '../../realtime/item-access.ts';
import { parsePositionCursor, positionCursor, readPage } from '../../lib/newest-first.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { canEdit, canView } from '../item/item.policy.ts';
import { VIDEO_DIR } from '../../storage/media-keys.ts';
import { publishableChannelExists, tagItem } from '../media-ingest/item-media.repository.ts';
import { indexItem } from '../search-index/search-index.service.ts';
import { coverWork } from './cover-work.ts';
import { grabCoverFrame, replaceCover } from './studio-cover.ts';
import { studioMessages as t } from './studio.messages.ts';
import { presentStudioVideo, presentStudioVideoDetail } from './studio.presenter.ts';
import {
  clearTags,
  DAY_MS,
  findStudioVideo,
  listOwnVideos,
  listTagNames,
  markDeleted,
  playsPerDay,
  progressBuckets,
  SITE_DAY_OFFSET_MS,
  updateVideo,
  type StudioVideoDetailRow,
} from './studio.repository.ts';

export interface StudioDeps {
  db: Kysely<Database>;
  newId: () => string;
  /** Where the videos' files live. */
  storage: MediaStorage;
  /** Ends the live danmaku of viewers who may no longer see a video (private, deleted). */
  accessChanged: ItemAccessChanged;
  now?: () => number;
}

const CURSOR_SEPARATOR = ':';

/** The site day (UTC+8) of a time, as YYYY-MM-DD. */
const siteDate = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function createStudioService(deps: StudioDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /**
   * The author's own video: an unknown or deleted one is 404, as is another user's the author
   * may not see (nothing of a hidden item leaks); another user's visible one is 403.
   */
  async function ownVideo(userId: string, itemId: string): Promise<StudioVideoDetailRow> {
    const row = await findStudioVideo(db, itemId);
    if (row && canEdit(row, userId)) return row;
    if (row && canView(row, userId)) throw forbidden(t.notOwnVideo);
    throw notFound(t.unknownVideo);
  }

  async function detail(row: StudioVideoDetailRow): Promise<StudioVideoDetail> {
    return presentStudioVideoDetail(row, await listTagNames(db, row.id));
  }

  return {
    async page(
      userId: string,
      cursor: string | undefined,
      count: number,
    ): Promise<StudioVideosPage> {
      const position =
        cursor === undefined ? undefined : parsePositionCursor(cursor, CURSOR_SEPARATOR);
      const fetched = await listOwnVideos(db, userId, position, count + 1);
      const page = readPage(fetched, count, (row) =>
        positionCursor({ time: row.publish_time, id: row.id }, CURSOR_SEPARATOR),
      );
      return {
        list: page.rows.map(presentStudioVideo),
        has_more: page.hasMore,
        cursor: page.cursor ?? '',
      };
    },

    async video(userId: string, itemId: string): Promise<StudioVideoDetail> {
      return detail(await ownVideo(userId, itemId));
    },

    /** Every field at once, in one transaction with the search index. */
    async edit(userId: string, body: StudioEditBody): Promise<StudioVideoDetail> {
      const row = await ownVideo(userId, body.item_id);
      const title = body.title.trim();
      if (title === '') throw invalid(t.titleRequired, 'title');
      if (codePointLength(title) > TITLE_MAX_LENGTH) throw invalid(t.titleTooLong, 'title');
      const tags = [...new Set(body.tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
      checkMarks(body, row.duration_ms);
      if (!(await publishableChannelExists(db, body.channel_id))) {
        throw invalid(t.channel, 'channel_id');
      }
      await db.transaction().execute(async (trx) => {
        await updateVideo(trx, row.id, {
          title,
          abstract: body.abstract.trim(),
          channelId: body.channel_id,
          visibility: body.visibility,
          openingMs: body.opening_ms,
          endingMs: body.ending_ms,
          now: now(),
        });
        await clearTags(trx, row.id);
        await tagItem(trx, row.id, tags, deps.newId);
        await indexItem(trx, row.id);
      });
      if (body.visibility !== row.visibility) await deps.accessChanged([row.id]);
      return detail(await ownVideo(userId, row.id));
    },

    /**
     * A cover cut from an uploaded picture, once the video has finished transcoding; decoded in
     * turn with the process's other cover work (cover-work.ts).
     */
    async cover(userId: string, itemId: string, bytes: Buffer): Promise<StudioVideoDetail> {
      const row = await ownVideo(userId, itemId);
      if (row.media_state !== 'ready') throw invalid(t.coverNotReady, 'cover');
      await coverWork.run(() => replaceCover(deps, row, bytes));
      return detail(await ownVideo(userId, row.id));
    },

    /**
     * A cover from the frame shown `timeMs` into the video, stored as an uploaded one is; grabbed
     * in turn with the process's other cover work.
     */
    async coverFrame(userId: string, itemId: string, timeMs: number): Promise<StudioVideoDetail> {
      const row = await ownVideo(userId, itemId);
      if (row.media_state !== 'ready') throw invalid(t.coverNotReady, 'cover');
      if (timeMs >= row.duration_ms) throw invalid(t.coverFrameTime, 'time_ms');
      await coverWork.run(async () =>
        replaceCover(deps, row, await grabCoverFrame(deps.storage, row.source_path, timeMs)),
      );
      return detail(await ownVideo(userId, row.id));
    },

    /**
     * Deleted for everyone (level 10) with its counts and index entry in one transaction, then
     * its files out of storage: the package, covers, preview and storyboard under `v/<id>/`,
     * and the source. Deleting again answers 404.
     */
    async remove(userId: string, itemId: string): Promise<{ item_id: string; deleted: boolean }> {
      const row = await ownVideo(userId, itemId);
      const deleted = await db.transaction().execute(async (trx) => {
        const changed = await markDeleted(trx, row, t.deleted, now());
        // indexItem drops a deleted item from the index.
        if (changed) await indexItem(trx, row.id);
        return changed;
      });
      if (!deleted) throw notFound(t.unknownVideo);
      await deps.accessChanged([row.id]);
      await deps.storage.deletePrefix(`${VIDEO_DIR}/${row.id}`);
      if (row.source_path) await removeSource(deps.storage, row.source_path);
      return { item_id: row.id, deleted };
    },

    async analytics(userId: string, itemId: string): Promise<StudioAnalytics> {
      const row = await ownVideo(userId, itemId);
      const today = Math.floor((now() + SITE_DAY_OFFSET_MS) / DAY_MS);
      const firstDay = today - ANALYTICS_DAYS + 1;
      const plays = await playsPerDay(db, row.id, firstDay * DAY_MS - SITE_DAY_OFFSET_MS);
      const daily_plays = Array.from({ length: ANALYTICS_DAYS }, (_, i) => ({
        date: siteDate(firstDay + i),
        plays: plays.get(firstDay + i) ?? 0,
      }));
      const { viewers, retention } = await retentionOf(db, row.id, row.duration_ms);
      return {
        item_id: row.id,
        title: row.title,
        duration: row.duration_ms / 1000,
        daily_plays,
        viewers,
        retention,
      };
    },
  };
}

export type StudioService = ReturnType<typeof createStudioService>;

/** Marks inside the video, the ending after the opening. */
function checkMarks(body: StudioEditBody, durationMs: number): void {
  for (const field of ['opening_ms', 'ending_ms'] as const) {
    const mark = body[field];
    if (mark !== null && durationMs > 0 && mark > durationMs) throw invalid(t.markOutside, field);
  }
  if (body.opening_ms !== null && body.ending_ms !== null && body.ending_ms <= body.opening_ms) {
    throw invalid(t.markOrder, 'ending_ms');
  }
}

/**
 * Audience retention: at every RETENTION_STEP_PERCENT of the duration, the share of viewers
 * whose stored progress reached it (the progress kept in the watch history is where each
 * signed-in viewer last was).
 */
async function retentionOf(
  db: Kysely<Database>,
  itemId: string,
  durationMs: number,
): Promise<Pick<StudioAnalytics, 'viewers' | 'retention'>> {
  if (durationMs <= 0) return { viewers: 0, retention: [] };
  const steps = 100 / RETENTION_STEP_PERCENT;
  const buckets = await progressBuckets(db, itemId, durationMs, steps);
  const viewers = [...buckets.values()].reduce((sum, count) => sum + count, 0);
  if (viewers === 0) return { viewers, retention: [] };
  const retention = [];
  let reached = viewers;
  for (let step = 0; step <= steps; step += 1) {
    retention.push({ percent: step * RETENTION_STEP_PERCENT, share: reached / viewers });
    reached -= buckets.get(step) ?? 0;
  }
  return { viewers, retention };
}

/** The upload kept as the video's source: a local file by its path, else a key in storage. */
async function removeSource(storage: MediaStorage, source: string): Promise<void> {
  if (path.isAbsolute(source)) await rm(source, { force: true });
  else await storage.delete(source);
}
