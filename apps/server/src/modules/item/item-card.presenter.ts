import type { Visibility } from '@melon/db/enums';
import type { VideoListItem } from '@melon/shared/contracts/author';
import { toSeconds } from '@melon/shared/format/timestamp';
import { coverUrl } from '../../storage/media-url.ts';
import { isSelfOnly } from './item-listing.ts';

/*
 * What the lists show of an item, per SPEC field names: each list's presenter starts from one
 * of these and adds its own fields.
 */

/** What a card reads of its item (`itemCardColumns`). */
export interface ItemCardRow {
  id: string;
  item_type: number;
  title: string;
  cover_large_uri: string;
  cover_middle_uri: string;
  duration_ms: number;
}

/** The card of a viewer's own lists (favourites, the to-play basket). */
export function presentItemCard(row: ItemCardRow) {
  return {
    group_id: row.id,
    item_type: row.item_type,
    title: row.title,
    cover_url: coverUrl(row),
    duration: row.duration_ms / 1000,
  };
}

/** What a cell reads of its item. */
export type ItemCellRow = Omit<ItemCardRow, 'item_type'> & {
  publish_time: number;
  behot_time: number;
  play_count: number;
};

/** The cell of the feeds and of an author's short videos (SPEC §3 feed cell). */
export function presentItemCell(row: ItemCellRow) {
  return {
    groupId: row.id,
    title: row.title,
    publishTime: toSeconds(row.publish_time),
    duration: row.duration_ms / 1000,
    behotTime: toSeconds(row.behot_time),
    playNum: row.play_count,
    coverUrl: coverUrl(row),
  };
}

/** What a video list item reads (`videoListColumns`). */
export interface VideoListRow extends ItemCardRow {
  abstract: string;
  publish_time: number;
  behot_time: number;
  play_count: number;
  comment_count: number;
  visibility: Visibility;
  channel_name: string;
}

/** The SPEC §3 video list item: the author lists, a series' entries, a playlist's videos. */
export function presentVideoListItem(row: VideoListRow): VideoListItem {
  return {
    id: row.id,
    videoId: row.id,
    item_type: row.item_type,
    category_name: row.channel_name,
    videoImage: coverUrl(row),
    duration: row.duration_ms / 1000,
    title: row.title,
    comment_count: row.comment_count,
    publish_time: toSeconds(row.publish_time),
    abstract: row.abstract,
    behot_time: toSeconds(row.behot_time),
    video_watch_count: row.play_count,
    tag: row.channel_name,
    self_only: isSelfOnly(row.visibility),
  };
}
