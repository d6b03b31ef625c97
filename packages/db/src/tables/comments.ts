import type { Generated } from 'kysely';

/* Row types of the comments and their pictures (decision 030; migrations 2026-11-25-023, 024). */

/** A picture uploaded for a comment, stored re-encoded under the media dir at `uri`. */
export interface CommentImagesTable {
  id: string;
  /** Relative to the media dir; what a comment sends as `image_info`. */
  uri: string;
  user_id: string;
  width: number;
  height: number;
  bytes: number;
  created_at: number;
}

/** Who sees a comment: everyone, its writer (a filter word), its writer and the video's author (held), nobody. */
export type CommentState = 'visible' | 'filtered' | 'held' | 'deleted';

/** A comment, or a reply when root_id is set (decision 030). */
export interface CommentsTable {
  id: string;
  item_id: string;
  user_id: string;
  /** The comment a reply belongs under; null for a comment. */
  root_id: string | null;
  /** Whom a reply to a reply answers. */
  reply_to_user_id: string | null;
  /** Plain text, trimmed. */
  text: string;
  /** The uploaded picture's uri (decision 031). */
  image_uri: string | null;
  state: Generated<CommentState>;
  digg_count: Generated<number>;
  /** Replies everyone sees. */
  reply_count: Generated<number>;
  /** Of those, the ones the video's author wrote. */
  author_reply_count: Generated<number>;
  /** The hot order's key: the higher, the hotter; time-independent (decision 030). */
  hot_key: number;
  /** When hot_key last changed. */
  hot_key_since: number;
  created_at: number;
}

/** A key a comment held from valid_from until valid_to (exclusive). */
export interface CommentHotHistoryTable {
  comment_id: string;
  item_id: string;
  hot_key: number;
  valid_from: number;
  valid_to: number;
}

export interface CommentDiggsTable {
  comment_id: string;
  user_id: string;
  created_at: number;
}

/** The one comment an item's author pinned. */
export interface CommentPinsTable {
  item_id: string;
  comment_id: string;
  created_at: number;
}

export interface CommentFilterWordsTable {
  id: string;
  user_id: string;
  text: string;
  created_at: number;
}

export interface CommentTables {
  comment_images: CommentImagesTable;
  comments: CommentsTable;
  comment_hot_history: CommentHotHistoryTable;
  comment_diggs: CommentDiggsTable;
  comment_pins: CommentPinsTable;
  comment_filter_words: CommentFilterWordsTable;
}
