import type { HistoryDuration, HistoryEntry, HistoryPage } from '@melon/shared/contracts/history';
import { toSeconds } from '@melon/shared/format/timestamp';
import {
  type ListPosition,
  parsePositionCursor,
  positionCursor,
  readPage,
} from '../../lib/newest-first.ts';
import { coverUrl } from '../../storage/media-url.ts';
import type { HistoryRow } from './history.repository.ts';

/** The cursor of the page after `row`: its watch time and item id. */
export const historyCursor = (row: Pick<HistoryRow, 'watched_at' | 'id'>): string =>
  positionCursor({ time: row.watched_at, id: row.id }, '-');

/** The position a `historyCursor` names. */
export const parseHistoryCursor = (cursor: string): ListPosition =>
  parsePositionCursor(cursor, '-');

/** The viewer's position in an item, in seconds, or null when none is stored. */
export function presentHistoryDuration(
  itemId: string,
  progressMs: number | undefined,
): HistoryDuration {
  return {
    content_id: itemId,
    history_duration: progressMs === undefined ? null : progressMs / 1000,
  };
}

export function presentHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    groupId: row.id,
    itemType: row.item_type,
    title: row.title,
    coverUrl: coverUrl(row),
    duration: row.duration_ms / 1000,
    progress: Math.min(row.progress_ms, row.duration_ms) / 1000,
    watchedAt: toSeconds(row.watched_at),
    userInfo: { user_id: row.user_id, name: row.user_name },
  };
}

/**
 * A page of the history: `shown` are the rows the viewer may see; `fetched` is every row read
 * for the page (one past it tells whether another exists), so the cursor moves past hidden ones.
 */
export function presentHistoryPage(
  shown: readonly HistoryRow[],
  fetched: readonly HistoryRow[],
  count: number,
): HistoryPage {
  const { hasMore, cursor } = readPage(fetched, count, historyCursor);
  return { list: shown.map(presentHistoryEntry), hasMore, cursor: cursor ?? null };
}
