import type { Kysely } from 'kysely';
import { compiledQuery, type Params } from '@melon/db/compiled-query';
import { containsText } from '@melon/db/contains-text';
import type { Database } from '@melon/db/database';
import { type ListPosition, olderThan } from '../../lib/newest-first.ts';
import { FEED_ITEM_TYPES, feedCellColumns } from '../feed/feed.repository.ts';
import { listableItems } from '../item/item-listing.ts';

/** Which side of a user's follows a list shows: who follows them, or whom they follow. */
export type FollowSide = 'fans' | 'follows';

export interface FollowListQuery {
  side: FollowSide;
  userId: string;
  /** The last entry of the page before: its follow time and user id. */
  cursor: ListPosition | undefined;
  limit: number;
  /** Only authors whose name contains this (case-insensitive for Latin letters). */
  keyword?: string;
}

export function findUser(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'followers_count', 'following_count'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Asked on signed-in author pages: built and compiled once, and answered from the primary key's
 * index alone (decision 072).
 */
const followRow = compiledQuery((db, p: Params<{ followerId: string; followeeId: string }>) =>
  db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', p.followerId)
    .where('followee_id', '=', p.followeeId),
);

/** Whether `followerId` follows `followeeId`. */
export async function isFollowing(
  db: Kysely<Database>,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  return (await followRow.executeTakeFirst(db, { followerId, followeeId })) !== undefined;
}

/** Which of `userIds` the follower follows. */
export async function followedAmong(
  db: Kysely<Database>,
  followerId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.followee_id));
}

/**
 * Whether the author has blocked the viewer: such a viewer may not follow the author, nor send
 * danmaku to (or comment on) the author's videos. False for a visitor.
 */
export async function isBlockedBy(
  db: Kysely<Database>,
  authorId: string,
  viewerId: string | null,
): Promise<boolean> {
  if (viewerId === null) return false;
  const row = await db
    .selectFrom('blocks')
    .select('created_at')
    .where('blocker_id', '=', authorId)
    .where('blocked_id', '=', viewerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds 1 (or takes 1) from a user's followers_count or following_count in one UPDATE. */
function bump(
  trx: Kysely<Database>,
  userId: string,
  column: 'followers_count' | 'following_count',
  by: 1 | -1,
) {
  return trx
    .updateTable('users')
    .set((eb) => ({ [column]: eb(column, '+', by) }))
    .where('id', '=', userId)
    .execute();
}

/**
 * Stores the follow and counts it on both users when it is new; answers whether it was. Run in
 * a transaction holding both users: the row's insert is what moves the counters, so the
 * counters stay the rows' count however many follows arrive at once.
 */
export async function insertFollow(
  trx: Kysely<Database>,
  followerId: string,
  followeeId: string,
  now: number,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
  await bump(trx, followeeId, 'followers_count', 1);
  await bump(trx, followerId, 'following_count', 1);
  return true;
}

/** Removes the follow and uncounts it when it existed; answers whether it did. */
export async function deleteFollow(
  trx: Kysely<Database>,
  followerId: string,
  followeeId: string,
): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return false;
  await bump(trx, followeeId, 'followers_count', -1);
  await bump(trx, followerId, 'following_count', -1);
  return true;
}

/** Which of the two has blocked the other, if either. */
export async function blocksBetween(
  db: Kysely<Database>,
  viewerId: string,
  otherId: string,
): Promise<{ viewerBlocks: boolean; otherBlocks: boolean }> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', viewerId), eb('blocked_id', '=', otherId)]),
        eb.and([eb('blocker_id', '=', otherId), eb('blocked_id', '=', viewerId)]),
      ]),
    )
    .execute();
  return {
    viewerBlocks: rows.some((row) => row.blocker_id === viewerId),
    otherBlocks: rows.some((row) => row.blocker_id === otherId),
  };
}

export async function insertBlock(
  trx: Kysely<Database>,
  blockerId: string,
  blockedId: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export async function deleteBlock(
  db: Kysely<Database>,
  blockerId: string,
  blockedId: string,
): Promise<void> {
  await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
}

/** A page of a user's fans or follows with each author's row, newest follow first. */
export function listFollowEdges(db: Kysely<Database>, query: FollowListQuery) {
  const [own, other] =
    query.side === 'fans'
      ? (['f.followee_id', 'f.follower_id'] as const)
      : (['f.follower_id', 'f.followee_id'] as const);
  const { cursor, keyword } = query;
  return db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', other)
    .select([
      'f.created_at as followed_at',
      'u.id',
      'u.name',
      'u.description',
      'u.avatar_url',
      'u.user_auth_info',
      'u.followers_count',
      'u.following_count',
      'u.video_count',
    ])
    .where(own, '=', query.userId)
    .$if(cursor !== undefined, (qb) =>
      qb.where((eb) =>
        olderThan(eb, { time: 'f.created_at', id: other }, cursor ?? { time: 0, id: '' }),
      ),
    )
    .$if(keyword !== undefined, (qb) => qb.where(containsText('u.name', keyword ?? '')))
    .orderBy('f.created_at', 'desc')
    .orderBy(other, 'desc')
    .limit(query.limit)
    .execute();
}

export type FollowEdgeRow = Awaited<ReturnType<typeof listFollowEdges>>[number];

/**
 * A page of the newest items of the authors the user follows: what the item policy lists in
 * feeds, newest published first.
 */
export function listFollowedItems(
  db: Kysely<Database>,
  followerId: string,
  offset: number,
  limit: number,
) {
  return listableItems(db, null, 'feed')
    .select(feedCellColumns)
    .where('i.user_id', 'in', (eb) =>
      eb.selectFrom('follows').select('followee_id').where('follower_id', '=', followerId),
    )
    .where('i.item_type', 'in', FEED_ITEM_TYPES)
    .orderBy('i.publish_time', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
