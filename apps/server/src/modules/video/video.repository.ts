import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import {
  itemPolicyColumns,
  itemWithAuthorColumns,
  viewableCardColumns,
} from '../item/item-columns.ts';

/**
 * The item, its author, channel and media state: what the video page shows first, and what
 * the item policy reads (`user_id`, `visibility`, `media_state`).
 */
export function findVideoItem(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('items as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .leftJoin('channels as c', 'c.id', 'i.channel_id')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select([
      ...itemWithAuthorColumns,
      'i.visibility',
      'i.digg_count',
      'i.comment_count',
      'i.favorite_count',
      'i.danmaku_count',
      'c.pinyin as channel_pinyin',
      'u.description as user_description',
      'u.followers_count as user_followers_count',
      'u.video_count as user_video_count',
      'u.user_auth_info as user_auth_info',
      'm.state as media_state',
      'm.package_dir',
      'm.derived_dir',
      'm.trial_package_dir',
      'm.storyboard',
      'm.max_fps',
      'm.error_message as media_error',
      'i.opening_ms',
      'i.ending_ms',
    ])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}
export type VideoItemRow = NonNullable<Awaited<ReturnType<typeof findVideoItem>>>;

export function listRenditions(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('item_renditions')
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('kind', 'desc')
    .orderBy('representation_id')
    .execute();
}
export type RenditionRow = Awaited<ReturnType<typeof listRenditions>>[number];

export function listItemTags(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('item_tags as it')
    .innerJoin('tags as t', 't.id', 'it.tag_id')
    .select(['t.id', 't.name'])
    .where('it.item_id', '=', itemId)
    .orderBy('t.id')
    .execute();
}

/** The series (合集 / pseries) an item is in, and the series' own item. */
export function findSeriesOf(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('series_items as si')
    .innerJoin('series as s', 's.item_id', 'si.series_id')
    .innerJoin('items as i', 'i.id', 's.item_id')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select(['s.item_id as series_id', 'i.title', 'i.item_type', ...itemPolicyColumns])
    .where('si.item_id', '=', itemId)
    .orderBy('si.series_id')
    .executeTakeFirst();
}

export function listSeriesItems(db: Kysely<Database>, seriesId: string) {
  return db
    .selectFrom('series_items as si')
    .innerJoin('items as i', 'i.id', 'si.item_id')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select([...viewableCardColumns, 'si.position'])
    .where('si.series_id', '=', seriesId)
    .orderBy('si.position')
    .orderBy('i.id')
    .execute();
}
export type SeriesItemRow = Awaited<ReturnType<typeof listSeriesItems>>[number];

/** The album an item is an episode of, and the album's own item. */
export function findAlbumOf(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('album_episodes as e')
    .innerJoin('albums as a', 'a.item_id', 'e.album_id')
    .innerJoin('items as i', 'i.id', 'a.item_id')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select([
      'a.item_id as album_id',
      'a.album_type',
      'a.sequence_type',
      'a.total_episodes',
      'i.title',
      'i.cover_large_uri',
      'i.cover_middle_uri',
      ...itemPolicyColumns,
    ])
    .where('e.item_id', '=', itemId)
    .orderBy('e.album_id')
    .executeTakeFirst();
}

export function listAlbumEpisodes(db: Kysely<Database>, albumId: string) {
  return db
    .selectFrom('album_episodes as e')
    .innerJoin('items as i', 'i.id', 'e.item_id')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select([...viewableCardColumns, 'e.seq', 'e.episode_type', 'e.opening_ms', 'e.ending_ms'])
    .where('e.album_id', '=', albumId)
    .orderBy('e.seq')
    .orderBy('i.id')
    .execute();
}
export type AlbumEpisodeRow = Awaited<ReturnType<typeof listAlbumEpisodes>>[number];
