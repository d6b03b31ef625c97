import type { Kysely } from 'kysely';
import { containsText } from '@melon/db/contains-text';
import type { Database } from '@melon/db/database';
import type { ItemType } from '@melon/db/enums';
import { listableItems, listedIn } from '../item/item-listing.ts';
import { itemWithAuthorColumns } from '../item/item-columns.ts';

/*
 * The reads of recommendation (decision 037). Each candidate source answers item ids with a
 * weight; `listRankingRows` then keeps only what the item policy lists in feeds, so a source
 * may name any item.
 */

type Db = Kysely<Database>;

/** A candidate item of one source and how strongly the source points to it. */
export interface Weighted {
  itemId: string;
  weight: number;
}

/** The viewer's history, newest first, with what "finished" and the seeds read. */
export function listViewerHistory(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('watch_history as h')
    .innerJoin('items as i', 'i.id', 'h.item_id')
    .select(['h.item_id', 'h.progress_ms', 'h.watched_at', 'i.duration_ms'])
    .where('h.user_id', '=', userId)
    .orderBy('h.watched_at', 'desc')
    .limit(limit)
    .execute();
}

export interface CoWatchQuery {
  seedIds: readonly string[];
  /** The viewer asking, whose own history is not "someone else's session". */
  viewerId: string | null;
  /** Two views belong to one session when this close in time (ms). */
  sessionWindowMs: number;
  /** How many other viewers of each seed are followed (the most recent). */
  viewersPerSeed: number;
  limit: number;
}

/**
 * A log of who watched what and when, as co-watching reads it: `history` — signed-in viewers'
 * watch history; `plays` — counted plays (`item_plays`), visitors included by their web id.
 */
export type ViewLog = 'history' | 'plays';

/** The log's rows as (viewer, item_id, at), and the asking viewer's own key in it. */
function viewLog(db: Db, log: ViewLog, viewerId: string | null) {
  return log === 'history'
    ? {
        views: db
          .selectFrom('watch_history')
          .select(['user_id as viewer', 'item_id', 'watched_at as at']),
        ownKey: viewerId,
      }
    : {
        views: db
          .selectFrom('item_plays')
          .select(['viewer_key as viewer', 'item_id', 'played_at as at']),
        ownKey: viewerId === null ? null : `u:${viewerId}`,
      };
}

/**
 * Items watched in the same sessions as the seeds by other viewers, from one log: for each
 * seed, its most recent other viewers (the logs' `(item_id, time)` index), then what each of
 * them watched within the session window of it (`(viewer, time)`). The weight is the number of
 * such sessions. The log is a not-materialised view, so both engines read the tables' indexes.
 */
export async function listCoWatched(
  db: Db,
  log: ViewLog,
  query: CoWatchQuery,
): Promise<Weighted[]> {
  if (query.seedIds.length === 0) return [];
  const { seedIds, sessionWindowMs: window } = query;
  const { views, ownKey } = viewLog(db, log, query.viewerId);
  const rows = await db
    .with(
      (cte) => cte('views').notMaterialized(),
      () => views,
    )
    .with('seed_views', (qb) =>
      qb
        .selectFrom((sub) =>
          sub
            .selectFrom('views')
            .select((eb) => [
              'viewer',
              'at',
              eb.fn
                .agg<number>('row_number')
                .over((ob) => ob.partitionBy('item_id').orderBy('at', 'desc'))
                .as('recency'),
            ])
            .where('item_id', 'in', seedIds)
            .$if(ownKey !== null, (w) => w.where('viewer', '<>', ownKey ?? ''))
            .as('ranked'),
        )
        .select(['ranked.viewer', 'ranked.at'])
        .where('ranked.recency', '<=', query.viewersPerSeed),
    )
    .selectFrom('seed_views as s')
    .innerJoin('views as b', (join) =>
      join
        .onRef('b.viewer', '=', 's.viewer')
        .on((eb) =>
          eb.between('b.at', eb(eb.ref('s.at'), '-', window), eb(eb.ref('s.at'), '+', window)),
        ),
    )
    .select((eb) => ['b.item_id', eb.fn.countAll<number | string>().as('weight')])
    .where('b.item_id', 'not in', seedIds)
    .groupBy('b.item_id')
    .orderBy('weight', 'desc')
    .orderBy('b.item_id', 'desc')
    .limit(query.limit)
    .execute();
  return rows.map((row) => ({ itemId: row.item_id, weight: Number(row.weight) }));
}

/** The newest items of the authors the viewer follows (each of weight 1). */
export async function listFollowedAuthorsItems(
  db: Db,
  viewerId: string,
  limit: number,
): Promise<Weighted[]> {
  const rows = await db
    .selectFrom('follows as f')
    .innerJoin('items as i', 'i.user_id', 'f.followee_id')
    .select('i.id')
    .where('f.follower_id', '=', viewerId)
    .orderBy('i.publish_time', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ itemId: row.id, weight: 1 }));
}

/** The tags of the items, each with how many of them carry it. */
export async function countTagsOf(db: Db, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  const rows = await db
    .selectFrom('item_tags')
    .select((eb) => ['tag_id', eb.fn.countAll<number | string>().as('uses')])
    .where('item_id', 'in', itemIds)
    .groupBy('tag_id')
    .execute();
  return rows.map((row) => ({ tagId: row.tag_id, uses: Number(row.uses) }));
}

/** The tag's newest items (ids are time-ordered). */
export async function listNewestTagged(db: Db, tagId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('item_tags')
    .select('item_id')
    .where('tag_id', '=', tagId)
    .orderBy('item_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.item_id);
}

/** The most played items whose titles contain any of the words (each of weight 1 per word). */
export async function listItemsWithTitleWords(
  db: Db,
  words: readonly string[],
  itemTypes: readonly ItemType[],
  limit: number,
): Promise<Weighted[]> {
  if (words.length === 0) return [];
  const rows = await db
    .selectFrom('items as i')
    .select(['i.id', 'i.title'])
    .where((eb) => eb.or(words.map((word) => containsText('i.title', word))))
    .where('i.item_type', 'in', itemTypes)
    .where((eb) => listedIn(eb, 'feed'))
    .orderBy('i.play_count', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    itemId: row.id,
    weight: words.filter((word) => row.title.toLowerCase().includes(word.toLowerCase())).length,
  }));
}

/** The author's newest items (each of weight 1). */
export async function listAuthorItems(
  db: Db,
  authorId: string,
  limit: number,
): Promise<Weighted[]> {
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('user_id', '=', authorId)
    .orderBy('publish_time', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ itemId: row.id, weight: 1 }));
}

/** What ranking reads of an item: its author and what its popularity reads. */
const rankingColumns = [
  'i.id',
  'i.user_id',
  'i.play_count',
  'i.digg_count',
  'i.favorite_count',
  'i.publish_time',
] as const;

/** The items among `itemIds` that the policy lists in feeds, with what ranking reads. */
export function listRankingRows(
  db: Db,
  itemIds: readonly string[],
  itemTypes: readonly ItemType[],
) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('items as i')
    .select(rankingColumns)
    .where('i.id', 'in', itemIds)
    .where('i.item_type', 'in', itemTypes)
    .where((eb) => listedIn(eb, 'feed'))
    .execute();
}
export type RankingRow = Awaited<ReturnType<typeof listRankingRows>>[number];

/** The most played items listed in feeds (the popular pool's first half). */
export function listMostPlayed(db: Db, itemTypes: readonly ItemType[], limit: number) {
  return db
    .selectFrom('items as i')
    .select(rankingColumns)
    .where('i.item_type', 'in', itemTypes)
    .where((eb) => listedIn(eb, 'feed'))
    .orderBy('i.play_count', 'desc')
    .limit(limit)
    .execute();
}

/** The newest items listed in feeds (the popular pool's second half: freshness). */
export function listNewest(db: Db, itemTypes: readonly ItemType[], limit: number) {
  return db
    .selectFrom('items as i')
    .select(rankingColumns)
    .where('i.item_type', 'in', itemTypes)
    .where((eb) => listedIn(eb, 'feed'))
    .orderBy('i.behot_time', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Items published since `sinceMs` and listed in feeds, the least played first: the new items
 * that still wait for their audience.
 */
export function listNewcomers(
  db: Db,
  itemTypes: readonly ItemType[],
  sinceMs: number,
  limit: number,
) {
  return db
    .selectFrom('items as i')
    .select(rankingColumns)
    .where('i.behot_time', '>=', sinceMs)
    .where('i.publish_time', '>=', sinceMs)
    .where('i.item_type', 'in', itemTypes)
    .where((eb) => listedIn(eb, 'feed'))
    .orderBy('i.play_count', 'asc')
    .orderBy('i.id', 'asc')
    .limit(limit)
    .execute();
}

/** The cards of the items among `itemIds` that the policy lists in feeds, in any order. */
export function listCards(db: Db, itemIds: readonly string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return listableItems(db, null, 'feed')
    .select([...itemWithAuthorColumns, 'i.comment_count'])
    .where('i.id', 'in', itemIds)
    .execute();
}
export type CardRow = Awaited<ReturnType<typeof listCards>>[number];
