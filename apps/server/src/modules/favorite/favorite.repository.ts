import type { Kysely } from 'kysely';
import { containsText } from '@melon/db/contains-text';
import type { Database } from '@melon/db/database';
import { ItemType } from '@melon/db/enums';
import type { FavoriteTab } from '@melon/shared/contracts/favorite';
import { type ListPosition, olderThan } from '../../lib/newest-first.ts';
import { listCardColumns } from '../item/item-columns.ts';

type Db = Kysely<Database>;

/** The item kinds each favourites tab lists; `all` lists every kind. */
const TAB_ITEM_TYPES: Record<Exclude<FavoriteTab, 'all'>, ItemType[]> = {
  svideo: [ItemType.ShortVideo],
  lvideo: [ItemType.Album, ItemType.Episode],
  pseries: [ItemType.Series, ItemType.PSeries],
};

/** The counters that follow the like and favourite rows. */
export type ReactionCounter = 'digg_count' | 'favorite_count';

/** Stores the like; false when the user already liked the item. */
export async function insertDigg(db: Db, itemId: string, userId: string, now: number) {
  const result = await db
    .insertInto('item_diggs')
    .values({ item_id: itemId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['item_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Removes the like; false when there was none. */
export async function deleteDigg(db: Db, itemId: string, userId: string) {
  const result = await db
    .deleteFrom('item_diggs')
    .where('item_id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Stores the favourite; false when the item was already in the user's favourites. */
export async function insertFavorite(db: Db, userId: string, itemId: string, now: number) {
  const result = await db
    .insertInto('favorites')
    .values({ user_id: userId, item_id: itemId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Removes the named favourites; answers the ids of the items that were there. */
export async function deleteFavorites(db: Db, userId: string, itemIds: readonly string[]) {
  const rows = await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('item_id', 'in', itemIds)
    .returning('item_id')
    .execute();
  return rows.map((row) => row.item_id);
}

/**
 * Moves the items' counter by `delta` in one statement: the database adds to the stored value,
 * so concurrent changes each count.
 */
export async function moveCounter(
  db: Db,
  itemIds: readonly string[],
  counter: ReactionCounter,
  delta: 1 | -1,
) {
  if (itemIds.length === 0) return;
  await db
    .updateTable('items')
    .set((eb) =>
      counter === 'digg_count'
        ? { digg_count: eb('digg_count', '+', delta) }
        : { favorite_count: eb('favorite_count', '+', delta) },
    )
    .where('id', 'in', itemIds)
    .execute();
}

export function readCounters(db: Db, itemId: string) {
  return db
    .selectFrom('items')
    .select(['digg_count', 'favorite_count'])
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
}

/** A visitor's reactions: none. */
export const NO_REACTIONS = { digg: false, favorite: false } as const;

/** Whether the user likes the item and has it in their favourites. */
export async function findViewerReactions(db: Db, itemId: string, userId: string) {
  const [digg, favorite] = await Promise.all([
    db
      .selectFrom('item_diggs')
      .select('item_id')
      .where('item_id', '=', itemId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('favorites')
      .select('item_id')
      .where('item_id', '=', itemId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { digg: digg !== undefined, favorite: favorite !== undefined };
}

export interface FavoritesQuery {
  userId: string;
  tab: FavoriteTab;
  /** The last entry of the page before: its favourite time and item id. */
  after: ListPosition | undefined;
  /** Words the title must contain. */
  keyword: string | undefined;
  limit: number;
}

/**
 * A page of the user's favourites, newest first, with what the item policy reads: the caller
 * leaves out the items the user may no longer see.
 */
export function listFavorites(db: Db, query: FavoritesQuery) {
  const { after, keyword } = query;
  const itemTypes = query.tab === 'all' ? undefined : TAB_ITEM_TYPES[query.tab];
  let select = db
    .selectFrom('favorites as f')
    .innerJoin('items as i', 'i.id', 'f.item_id')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select([
      ...listCardColumns,
      'i.play_count',
      'i.publish_time',
      'u.avatar_url as user_avatar_url',
      'f.created_at as favorite_time',
    ])
    .where('f.user_id', '=', query.userId);
  if (itemTypes) select = select.where('i.item_type', 'in', itemTypes);
  if (after) {
    select = select.where((eb) => olderThan(eb, { time: 'f.created_at', id: 'f.item_id' }, after));
  }
  if (keyword !== undefined) select = select.where(containsText('i.title', keyword));
  return select
    .orderBy('f.created_at', 'desc')
    .orderBy('f.item_id', 'desc')
    .limit(query.limit)
    .execute();
}
export type FavoriteRow = Awaited<ReturnType<typeof listFavorites>>[number];

/** A poll and the item it is on. */
export function findVote(db: Db, voteId: string) {
  return db
    .selectFrom('item_votes')
    .select(['id', 'item_id', 'title'])
    .where('id', '=', voteId)
    .executeTakeFirst();
}

export function findVoteOption(db: Db, voteId: string, optionId: number) {
  return db
    .selectFrom('item_vote_options')
    .select('option_id')
    .where('vote_id', '=', voteId)
    .where('option_id', '=', optionId)
    .executeTakeFirst();
}

/** Stores the ballot; false when the user has already voted in the poll. */
export async function insertBallot(
  db: Db,
  ballot: { voteId: string; userId: string; optionId: number; now: number },
) {
  const result = await db
    .insertInto('item_vote_ballots')
    .values({
      vote_id: ballot.voteId,
      user_id: ballot.userId,
      option_id: ballot.optionId,
      created_at: ballot.now,
    })
    .onConflict((oc) => oc.columns(['vote_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function countBallot(db: Db, voteId: string, optionId: number) {
  await db
    .updateTable('item_vote_options')
    .set((eb) => ({ vote_count: eb('vote_count', '+', 1) }))
    .where('vote_id', '=', voteId)
    .where('option_id', '=', optionId)
    .execute();
}

export function findBallot(db: Db, voteId: string, userId: string) {
  return db
    .selectFrom('item_vote_ballots')
    .select('option_id')
    .where('vote_id', '=', voteId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

export function listVoteOptions(db: Db, voteId: string) {
  return db
    .selectFrom('item_vote_options')
    .select(['option_id', 'text', 'vote_count'])
    .where('vote_id', '=', voteId)
    .orderBy('option_id')
    .execute();
}
