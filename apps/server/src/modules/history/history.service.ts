import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType } from '@melon/db/enums';
import {
  HISTORY_MAX_ENTRIES,
  type DeleteHistoryBody,
  type HistoryDuration,
  type HistoryPage,
  type HistoryType,
} from '@melon/shared/contracts/history';
import { invalid, notFound } from '../../lib/domain-error.ts';
import { canView } from '../item/item.policy.ts';
import { findViewableItem } from '../item/item.service.ts';
import { historyMessages as t } from './history.messages.ts';
import {
  presentHistoryDuration,
  parseHistoryCursor,
  presentHistoryPage,
} from './history.presenter.ts';
import {
  deleteAllEntries,
  deleteEntries,
  findProgress,
  listEntries,
  trimEntries,
  upsertEntry,
} from './history.repository.ts';

/** What is played, and so kept in the history: short videos and episodes, by tab. */
const TAB_ITEM_TYPES: Record<HistoryType, readonly ItemType[]> = {
  all: [ItemType.ShortVideo, ItemType.Episode],
  svideo: [ItemType.ShortVideo],
  lvideo: [ItemType.Episode],
};
/** What a viewer plays: the items a play is counted for too (decision 039). */
export const PLAYED_ITEM_TYPES = TAB_ITEM_TYPES.all;

export interface HistoryPageQuery {
  type: HistoryType;
  cursor: string | undefined;
  count: number;
  keyword?: string;
}

export interface HistoryServiceDeps {
  db: Kysely<Database>;
  /** Milliseconds; when an entry was watched. */
  now?: () => number;
}

export function createHistoryService(deps: HistoryServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => Date.now());

  /** The played item the viewer may see; "not found" for anything else they may not know of. */
  async function playedItem(itemId: string, userId: string) {
    const item = await findViewableItem(db, itemId, userId);
    if (!item) throw notFound(t.notFound);
    if (!PLAYED_ITEM_TYPES.includes(item.item_type)) throw invalid(t.notPlayable, 'content_id');
    return item;
  }

  return {
    /**
     * Playback started: the entry moves to the top, its stored position kept. Plays are counted
     * by the play reports, not here (decision 039). A new entry may push the oldest past the
     * newest HISTORY_MAX_ENTRIES: it goes (once per playback, not on every progress report).
     */
    async add(userId: string, itemId: string): Promise<HistoryDuration> {
      await playedItem(itemId, userId);
      const row = await upsertEntry(db, { userId, itemId, watchedAt: now() });
      await trimEntries(db, userId, HISTORY_MAX_ENTRIES);
      return presentHistoryDuration(itemId, row.progress_ms);
    },

    /** Where playback is, cut to the item's length (the end once it was watched through). */
    async setProgress(userId: string, itemId: string, seconds: number): Promise<HistoryDuration> {
      const item = await playedItem(itemId, userId);
      const progressMs = Math.min(Math.round(seconds * 1000), item.duration_ms);
      const row = await upsertEntry(db, { userId, itemId, watchedAt: now(), progressMs });
      return presentHistoryDuration(itemId, row.progress_ms);
    },

    /**
     * Where the viewer stopped last time: null for a visitor and when nothing is stored. An item
     * the viewer may not see is not found, as everywhere.
     */
    async position(itemId: string, userId: string | null): Promise<HistoryDuration> {
      if (!(await findViewableItem(db, itemId, userId))) throw notFound(t.notFound);
      if (userId === null) return presentHistoryDuration(itemId, undefined);
      return presentHistoryDuration(itemId, await findProgress(db, userId, itemId));
    },

    /** A page of the history, newest first, without the items the viewer may no longer see. */
    async page(userId: string, query: HistoryPageQuery): Promise<HistoryPage> {
      const fetched = await listEntries(db, {
        userId,
        itemTypes: TAB_ITEM_TYPES[query.type],
        after: query.cursor === undefined ? undefined : parseHistoryCursor(query.cursor),
        keyword: query.keyword,
        limit: query.count + 1,
      });
      const shown = fetched.slice(0, query.count).filter((row) => canView(row, userId));
      return presentHistoryPage(shown, fetched, query.count);
    },

    /** The named entries, or every one with `all`; never both, never neither. */
    async remove(userId: string, body: DeleteHistoryBody): Promise<{ deleted: number }> {
      const { content_ids: itemIds, all } = body;
      if (itemIds && all) throw invalid(t.deleteBoth, 'all');
      if (all) return { deleted: await deleteAllEntries(db, userId) };
      if (!itemIds) throw invalid(t.deleteWhich, 'content_ids');
      return { deleted: await deleteEntries(db, userId, itemIds) };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
