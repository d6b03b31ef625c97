import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ItemType } from '@melon/db/enums';
import { feedCellColumns } from '../feed/feed.repository.ts';
import { listedIn } from '../item/item-listing.ts';

/** Items with what their feed cells show (`presentFeedCell`). */
const itemCells = (db: Kysely<Database>) =>
  db
    .selectFrom('items as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('channels as c', 'c.id', 'i.channel_id')
    .select(feedCellColumns);

/** Cards of the found items, in no order: only what the item policy lists in search. */
export function findItemCards(db: Kysely<Database>, itemIds: readonly string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return itemCells(db)
    .where('i.id', 'in', itemIds)
    .where((eb) => listedIn(eb, 'search'))
    .execute();
}
export type ItemCardRow = Awaited<ReturnType<typeof findItemCards>>[number];

/** Cards of the found users, in no order. */
export function findUserCards(db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'name', 'avatar_url', 'description', 'followers_count', 'video_count'])
    .where('id', 'in', userIds)
    .execute();
}
export type UserCardRow = Awaited<ReturnType<typeof findUserCards>>[number];

/** An author's newest items listed on their home page. */
export function listAuthorItems(db: Kysely<Database>, userId: string, limit: number) {
  return itemCells(db)
    .where('i.user_id', '=', userId)
    .where((eb) => listedIn(eb, 'homepage'))
    .orderBy('i.publish_time', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

export interface MostPlayedQuery {
  itemTypes: readonly ItemType[];
  /** Plays counted since then (UTC ms) rank first; all-time plays break ties. */
  since: number;
  limit: number;
  channelId?: number;
  excludeId?: string;
}

/**
 * The items listed in feeds played most since `since` (counted plays, `item_plays`), then by
 * their all-time play count, so a quiet day still has an order.
 */
export function listMostPlayed(db: Kysely<Database>, query: MostPlayedQuery) {
  return itemCells(db)
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('item_plays')
          .select(['item_id', (e) => e.fn.countAll<number | string>().as('plays')])
          .where('played_at', '>=', query.since)
          .groupBy('item_id')
          .as('p'),
      (join) => join.onRef('p.item_id', '=', 'i.id'),
    )
    .select((eb) => eb.fn.coalesce('p.plays', eb.lit(0)).as('recent_plays'))
    .where((eb) => listedIn(eb, 'feed'))
    .where('i.item_type', 'in', query.itemTypes)
    .$if(query.channelId !== undefined, (qb) => qb.where('i.channel_id', '=', query.channelId ?? 0))
    .$if(query.excludeId !== undefined, (qb) => qb.where('i.id', '!=', query.excludeId ?? ''))
    .orderBy('recent_plays', 'desc')
    .orderBy('i.play_count', 'desc')
    .orderBy('i.id', 'desc')
    .limit(query.limit)
    .execute();
}

/** The channel of a listed item, for words near it; undefined for an item not listed. */
export async function findListedChannel(
  db: Kysely<Database>,
  itemId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('items as i')
    .select('i.channel_id')
    .where('i.id', '=', itemId)
    .where((eb) => listedIn(eb, 'feed'))
    .executeTakeFirst();
  return row?.channel_id;
}
