import type { Generated } from 'kysely';
import type { Flag } from '../database.ts';

/* Row types of the users' playlists (decision 044; migration 015). */

/** A user's own ordered list of videos (decision 044). */
export interface PlaylistsTable {
  id: string;
  user_id: string;
  /** 1 to 40 characters. */
  title: string;
  description: Generated<string>;
  /** 1: listed on /user_playlist/:userId; 0: seen by its owner only. */
  is_public: Generated<Flag>;
  /** The playlist's rows, moved in the transaction that writes them. */
  item_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One video of a playlist, at its place in the order. */
export interface PlaylistItemsTable {
  playlist_id: string;
  item_id: string;
  position: number;
  added_at: number;
}

export interface PlaylistTables {
  playlists: PlaylistsTable;
  playlist_items: PlaylistItemsTable;
}
