import { itemPolicyColumns } from '../item/item.repository.ts';

/**
 * What every view of an item selects, the feed's cards and the video page alike: its own
 * fields, its channel's name and its author. For a query over `items as i` joined to
 * `users as u` and `channels as c`.
 */
export const itemWithAuthorColumns = [
  'i.id',
  'i.item_type',
  'i.title',
  'i.abstract',
  'i.duration_ms',
  'i.cover_large_uri',
  'i.cover_middle_uri',
  'i.preview_uri',
  'i.publish_time',
  'i.play_count',
  'i.is_vr',
  'i.channel_id',
  'c.name as channel_name',
  'u.id as user_id',
  'u.name as user_name',
  'u.avatar_url as user_avatar_url',
] as const;

/**
 * What a card of a viewer's own list (favourites, watch history) shows of its item and author,
 * with what the item policy reads to leave out what the viewer may no longer see. For a query
 * over `items as i` joined to `users as u` and `item_media as m`.
 */
export const listCardColumns = [
  ...itemPolicyColumns,
  'i.id',
  'i.item_type',
  'i.title',
  'i.cover_large_uri',
  'i.cover_middle_uri',
  'i.duration_ms',
  'u.name as user_name',
] as const;
