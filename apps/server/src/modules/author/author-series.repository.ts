import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { SeriesKind } from '@melon/db/enums';
import type { ViewerId } from '../item/item.policy.ts';
import { seenBy } from '../item/item-listing.ts';

type Db = Kysely<Database>;

/**
 * Series (合集 / pseries) with what their summaries show; `item_count` counts the entries the
 * viewer may see (by link). For a series found by id or listed for an author.
 */
export function seriesSummaries(db: Db, viewerId: ViewerId) {
  return db
    .selectFrom('series as s')
    .innerJoin('items as i', 'i.id', 's.item_id')
    .select((eb) => [
      's.item_id as series_id',
      's.user_id',
      'i.item_type',
      'i.title',
      'i.abstract',
      'i.cover_large_uri',
      'i.cover_middle_uri',
      'i.play_count',
      'i.updated_at',
      'i.visibility',
      eb
        .selectFrom('series_items as si')
        .innerJoin('items as i', 'i.id', 'si.item_id')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('si.series_id', '=', 's.item_id')
        .where((inner) => seenBy(inner, viewerId, 'link'))
        .as('item_count'),
    ]);
}
export type SeriesSummaryRow = Awaited<
  ReturnType<ReturnType<typeof seriesSummaries>['execute']>
>[number];

/** A page of the author's series of one kind, newest first, by offset. */
export function listAuthorSeries(
  db: Db,
  query: { authorId: string; kind: SeriesKind; viewerId: ViewerId; offset: number; limit: number },
) {
  return seriesSummaries(db, query.viewerId)
    .where('s.user_id', '=', query.authorId)
    .where('s.kind', '=', query.kind)
    .where((eb) => seenBy(eb, query.viewerId, 'homepage'))
    .orderBy('i.publish_time', 'desc')
    .orderBy('i.id', 'desc')
    .offset(query.offset)
    .limit(query.limit + 1)
    .execute();
}
