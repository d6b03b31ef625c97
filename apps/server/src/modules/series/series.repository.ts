import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { SeriesKind } from '@melon/db/enums';
import { seenBy } from '../item/item-listing.ts';
import { videoListColumns } from '../item/item-columns.ts';
import type { ViewerId } from '../item/item.policy.ts';

type Db = Kysely<Database>;

/** A series (合集 or pseries) with what the item policy reads of its own item. */
export function findSeries(db: Db, seriesId: string) {
  return db
    .selectFrom('series as s')
    .innerJoin('items as i', 'i.id', 's.item_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.item_id as series_id',
      's.kind',
      'i.user_id',
      'i.visibility',
      'u.name as user_name',
      'u.avatar_url as user_avatar_url',
    ])
    .where('s.item_id', '=', seriesId)
    .executeTakeFirst();
}
export type SeriesRow = NonNullable<Awaited<ReturnType<typeof findSeries>>>;

/**
 * A page of a series' entries in its order (position, item id breaking ties), from `offset`,
 * those the viewer may see (by link).
 */
export function listSeriesEntries(
  db: Db,
  query: { seriesId: string; viewerId: ViewerId; offset: number; limit: number },
) {
  return db
    .selectFrom('series_items as si')
    .innerJoin('items as i', 'i.id', 'si.item_id')
    .innerJoin('channels as c', 'c.id', 'i.channel_id')
    .select(videoListColumns)
    .where('si.series_id', '=', query.seriesId)
    .where((eb) => seenBy(eb, query.viewerId, 'link'))
    .orderBy('si.position')
    .orderBy('si.item_id')
    .offset(query.offset)
    .limit(query.limit + 1)
    .execute();
}

/** The pseries an item is an entry of (the first by id when several). */
export async function findPseriesIdOf(db: Db, itemId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('series_items as si')
    .innerJoin('series as s', 's.item_id', 'si.series_id')
    .select('s.item_id')
    .where('si.item_id', '=', itemId)
    .where('s.kind', '=', SeriesKind.PSeries)
    .orderBy('s.item_id')
    .executeTakeFirst();
  return row?.item_id;
}
