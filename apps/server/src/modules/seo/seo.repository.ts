import { sql, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { listedIn } from '../item/item-listing.ts';
import { playHeat, recentPlays } from '../plays/trending.repository.ts';

/** Titles of the items, listed in the feeds, by id; hidden ones are left out. */
export async function listedTitles(db: Kysely<Database>, itemIds: readonly string[]) {
  if (itemIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('items as i')
    .select(['i.id', 'i.title'])
    .where('i.id', 'in', itemIds)
    .where((eb) => listedIn(eb, 'feed'))
    .execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The most played items listed in the feeds, newest first among equals. */
export function listMostPlayed(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('items as i')
    .select(['i.id', 'i.title'])
    .where((eb) => listedIn(eb, 'feed'))
    .orderBy('i.play_count', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Authors with an item in the feeds, hottest first: the heat of their items' plays in the last
 * day (decision 039), then their fans, then the newest account.
 */
export function listHotAuthors(db: Kysely<Database>, options: { now: number; limit: number }) {
  const heat = recentPlays(db, options.now)
    .select(['i.user_id', playHeat(options.now).as('heat')])
    .groupBy('i.user_id')
    .as('h');
  return db
    .selectFrom('users as u')
    .leftJoin(heat, 'h.user_id', 'u.id')
    .select(['u.id', 'u.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('items as i')
          .select('i.id')
          .whereRef('i.user_id', '=', 'u.id')
          .where((items) => listedIn(items, 'feed')),
      ),
    )
    .orderBy(sql`coalesce(h.heat, 0)`, 'desc')
    .orderBy('u.followers_count', 'desc')
    .orderBy('u.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** The newest polls of items listed in the feeds, with their items. */
export function listVoteLinks(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('item_votes as v')
    .innerJoin('items as i', 'i.id', 'v.item_id')
    .select(['v.id', 'v.item_id', 'v.title'])
    .where((eb) => listedIn(eb, 'feed'))
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(limit)
    .execute();
}

/** The channels with a page of their own (no url elsewhere), in menu order. */
export function listChannelPages(db: Kysely<Database>) {
  return db
    .selectFrom('channels')
    .select(['id', 'name', 'pinyin'])
    .where('url', 'is', null)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
