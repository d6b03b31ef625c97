import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType } from '@melon/db/enums';
import { listableItems } from '../item/item-listing.ts';
import { itemWithAuthorColumns } from '../item/item-columns.ts';

/** Item kinds shown as feed cards: short videos, albums, series and pseries (not episodes). */
export const FEED_ITEM_TYPES: ItemType[] = [
  ItemType.ShortVideo,
  ItemType.Album,
  ItemType.Series,
  ItemType.PSeries,
];

/** What a feed cell shows (`presentFeedCell`), over `items as i`, `users as u`, `channels as c`. */
export const feedCellColumns = [
  ...itemWithAuthorColumns,
  'i.behot_time',
  'i.is_top',
  'i.hide_type',
] as const;

export interface FeedQuery {
  /** Absent: every channel (the recommend feed). */
  channelId: number | undefined;
  offset: number;
  limit: number;
}

/** A page of feed cards: what the item policy lists in feeds (`listableItems`), newest first. */
export function listFeedItems(db: Kysely<Database>, query: FeedQuery) {
  return listableItems(db, null, 'feed')
    .select(feedCellColumns)
    .where('i.item_type', 'in', FEED_ITEM_TYPES)
    .$if(query.channelId !== undefined, (qb) => qb.where('i.channel_id', '=', query.channelId ?? 0))
    .orderBy('i.behot_time', 'desc')
    .orderBy('i.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

export type FeedRow = Awaited<ReturnType<typeof listFeedItems>>[number];

/** The feed cards of the items among `itemIds` listed in feeds, in any order. */
export function listFeedItemsIn(
  db: Kysely<Database>,
  itemIds: readonly string[],
): Promise<FeedRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return listableItems(db, null, 'feed')
    .select(feedCellColumns)
    .where('i.item_type', 'in', FEED_ITEM_TYPES)
    .where('i.id', 'in', itemIds)
    .execute();
}
