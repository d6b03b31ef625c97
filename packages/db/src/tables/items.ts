import type { Generated } from 'kysely';
import type { Flag } from '../database.ts';
import type { ItemType, Visibility } from '../enums.ts';

/* Row types of the items, their channels and tags (migration 2026-11-22-001). */

export interface ChannelsTable {
  /** Small fixed numbers (live is 109); not generated. */
  id: number;
  /** Chinese display name. */
  name: string;
  /** Unique; the path segment of /channel/:name. */
  pinyin: string;
  parent_id: number | null;
  sort_order: Generated<number>;
  /** A menu entry may carry its own url. */
  url: string | null;
  icon: Generated<string>;
  created_at: number;
}

export interface ItemsTable {
  id: string;
  item_type: ItemType;
  visibility: Generated<Visibility>;
  user_id: string;
  channel_id: number;
  /** At most 80 characters. */
  title: string;
  abstract: Generated<string>;
  duration_ms: Generated<number>;
  cover_large_uri: Generated<string>;
  cover_middle_uri: Generated<string>;
  preview_uri: string | null;
  publish_time: number;
  /** The feeds' ordering key. */
  behot_time: number;
  play_count: Generated<number>;
  comment_count: Generated<number>;
  digg_count: Generated<number>;
  favorite_count: Generated<number>;
  danmaku_count: Generated<number>;
  is_top: Generated<Flag>;
  hide_type: Generated<number>;
  is_vr: Generated<Flag>;
  /** The author's opening and ending marks (ms from the start; null: none), for skip op/ed. */
  opening_ms: Generated<number | null>;
  ending_ms: Generated<number | null>;
  created_at: number;
  updated_at: number;
}

export interface TagsTable {
  id: string;
  name: string;
}

export interface ItemTagsTable {
  item_id: string;
  tag_id: string;
}

export interface ItemTables {
  channels: ChannelsTable;
  items: ItemsTable;
  tags: TagsTable;
  item_tags: ItemTagsTable;
}
