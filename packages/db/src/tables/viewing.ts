import type { Generated } from 'kysely';

/* Row types of what viewers watched: history and counted plays (decisions 029, 039). */

/** A signed-in viewer's watch history: one row per played item (decision 029). */
export interface WatchHistoryTable {
  user_id: string;
  item_id: string;
  /** Where the viewer stopped; the item's length once watched to the end. */
  progress_ms: Generated<number>;
  /** When the viewer last watched the item; the history's order. */
  watched_at: number;
}

/** A counted play (decision 039): after 3 s of playback, once per viewer and item per hour. */
export interface ItemPlaysTable {
  id: string;
  item_id: string;
  /** `u:<user id>` for a signed-in viewer, else `w:<web_id>`. */
  viewer_key: string;
  /** The signed-in viewer; null for a visitor. */
  user_id: string | null;
  played_at: number;
}

export interface ViewingTables {
  watch_history: WatchHistoryTable;
  item_plays: ItemPlaysTable;
}
