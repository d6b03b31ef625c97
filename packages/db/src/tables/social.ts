/* Row types of follows, blocks, likes and favourites (migrations 2026-11-25-020, 021). */

/** One user following another (never themselves); `created_at` is the lists' behotTime. */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: number;
}

/** One user blocking another: no follows between them, no danmaku to the blocker's videos. */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: number;
}

/** One user's like of an item; `items.digg_count` counts these rows. */
export interface ItemDiggsTable {
  item_id: string;
  user_id: string;
  created_at: number;
}

/** One item in a user's favourites; `items.favorite_count` counts these rows. */
export interface FavoritesTable {
  user_id: string;
  item_id: string;
  created_at: number;
}

export interface SocialTables {
  follows: FollowsTable;
  blocks: BlocksTable;
  item_diggs: ItemDiggsTable;
  favorites: FavoritesTable;
}
