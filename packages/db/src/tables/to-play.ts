/* Row types of the to-play basket 待播 (issue 15, decision 051; migration 2026-11-26-020). */

/** One entry of a user's basket: a video or an album, in `position` order. */
export interface ToPlayItemsTable {
  user_id: string;
  item_id: string;
  position: number;
  /** UTC ms. */
  added_at: number;
}

export interface ToPlayTables {
  to_play_items: ToPlayItemsTable;
}
