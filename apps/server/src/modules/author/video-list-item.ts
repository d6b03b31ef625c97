import type { Visibility } from '@melon/db/enums';
import type { VideoListItem } from '@melon/shared/contracts/author';
import { toSeconds } from '@melon/shared/format/timestamp';
import { coverUrl } from '../media/media-url.ts';
import { isSelfOnly } from './author-listing.ts';

/**
 * What a SPEC §3 video list item reads, for a query over `items as i` joined to
 * `channels as c` (the author lists, a series' entries, a playlist's videos).
 */
export const videoListColumns = [
  'i.id',
  'i.item_type',
  'i.title',
  'i.abstract',
  'i.duration_ms',
  'i.cover_large_uri',
  'i.cover_middle_uri',
  'i.publish_time',
  'i.behot_time',
  'i.play_count',
  'i.comment_count',
  'i.visibility',
  'c.name as channel_name',
] as const;

export interface VideoListRow {
  id: string;
  item_type: number;
  title: string;
  abstract: string;
  duration_ms: number;
  cover_large_uri: string;
  cover_middle_uri: string;
  publish_time: number;
  behot_time: number;
  play_count: number;
  comment_count: number;
  visibility: Visibility;
  channel_name: string;
}

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
