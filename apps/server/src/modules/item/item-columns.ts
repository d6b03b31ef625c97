/*
 * What the lists select of an item, for queries over `items as i`: one definition, each list
 * adding its own few columns to the set it builds on.
 */

/** What the item policy reads; with `item_media as m` left-joined. */
export const itemPolicyColumns = ['i.user_id', 'i.visibility', 'm.state as media_state'] as const;

/** What every card of an item shows: its id, kind, title, covers and length. */
export const itemCardColumns = [
  'i.id',
  'i.item_type',
  'i.title',
  'i.cover_large_uri',
  'i.cover_middle_uri',
  'i.duration_ms',
] as const;

/**
 * A card of a viewer's own list (favourites, watch history, the to-play basket) with what the
 * item policy reads to leave out what the viewer may no longer see.
 */
export const viewableCardColumns = [...itemCardColumns, ...itemPolicyColumns] as const;

/** A card with its author's name, for a query joined to `users as u` too. */
export const listCardColumns = [...viewableCardColumns, 'u.name as user_name'] as const;

/** What a listed item shows besides its card, for a query joined to `channels as c`. */
export const itemListingColumns = [
  ...itemCardColumns,
  'i.abstract',
  'i.publish_time',
  'i.play_count',
  'c.name as channel_name',
] as const;

/**
 * A listed item with its preview, channel and author: the feed's cards and the video page, for
 * a query joined to `channels as c` and `users as u`.
 */
export const itemWithAuthorColumns = [
  ...itemListingColumns,
  'i.preview_uri',
  'i.is_vr',
  'i.channel_id',
  'u.id as user_id',
  'u.name as user_name',
  'u.avatar_url as user_avatar_url',
] as const;

/**
 * A SPEC §3 video list item (the author lists, a series' entries, a playlist's videos), for a
 * query joined to `channels as c`.
 */
export const videoListColumns = [
  ...itemListingColumns,
  'i.behot_time',
  'i.comment_count',
  'i.visibility',
] as const;
