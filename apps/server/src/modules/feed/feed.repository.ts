import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType, Visibility } from '@melon/db/enums';
import { itemWithAuthorColumns } from '../media/item-columns.ts';

/**
 * Visibility levels whose items may appear in feeds (SPEC §3): the "all" levels and
 * limit-part-allow-feed. Homepage-only, self, deleted and the limit-feed levels stay out.
 */
export const FEED_VISIBILITIES: Visibility[] = [
  Visibility.LimitPartAllowFeed,
  Visibility.All,
  Visibility.All69,
];

/** Item kinds shown as feed cards: short videos, albums, series and pseries (not episodes). */
export const FEED_ITEM_TYPES: ItemType[] = [
  ItemType.ShortVideo,
  ItemType.Album,
  ItemType.Series,
  ItemType.PSeries,
];

export interface FeedQuery {
  /** Absent: every channel (the recommend feed). */
  channelId: number | undefined;
  offset: number;
  limit: number;
}

export function listFeedItems(db: Kysely<Database>, query: FeedQuery) {
  return db
    .selectFrom('items as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('channels as c', 'c.id', 'i.channel_id')
    .select([...itemWithAuthorColumns, 'i.behot_time', 'i.is_top', 'i.hide_type'])
    .where('i.visibility', 'in', FEED_VISIBILITIES)
    .where('i.item_type', 'in', FEED_ITEM_TYPES)
    .where((eb) => eb.not(eb.exists(unplayableMedia(eb))))
    .$if(query.channelId !== undefined, (qb) => qb.where('i.channel_id', '=', query.channelId ?? 0))
    .orderBy('i.behot_time', 'desc')
    .orderBy('i.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

export type FeedRow = Awaited<ReturnType<typeof listFeedItems>>[number];

/**
 * An uploaded video's media row while it is processing or failed: such items stay out of feeds.
 * Items without a media row (the demo's catalogue items) are listed as before.
 */
function unplayableMedia(eb: ExpressionBuilder<Database & { i: Database['items'] }, 'i'>) {
  return eb
    .selectFrom('item_media as m')
    .select('m.item_id')
    .whereRef('m.item_id', '=', 'i.id')
    .where('m.state', '<>', 'ready');
}
