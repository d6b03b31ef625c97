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
