import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { lockUser } from '@melon/db/lock-user';
import type { FeedPage } from '@melon/shared/contracts/feed';
import type { AuthorList, BlockState, FollowState } from '@melon/shared/contracts/follow';
import { presentFeedCell } from '../feed/feed.presenter.ts';
import { forbidden, invalid, notFound } from '../../lib/domain-error.ts';
import { readPage } from '../../lib/newest-first.ts';
import { followMessages } from './follow.messages.ts';
import { cursorAfter, parseCursor, presentAuthorEntry } from './follow.presenter.ts';
import {
  blocksBetween,
  deleteBlock,
  deleteFollow,
  findUser,
  followedAmong,
  insertBlock,
  insertFollow,
  listFollowEdges,
  listFollowedItems,
  type FollowSide,
} from './follow.repository.ts';

export interface AuthorListRequest {
  side: FollowSide;
  /** Whose fans or follows. */
  userId: string;
  viewerId: string | null;
  cursor: string | undefined;
  count: number;
  keyword?: string;
}

export interface FollowServiceDeps {
  db: Kysely<Database>;
  newId: () => string;
  /** Date.now when left out. */
  clock?: () => number;
}

export function createFollowService({ db, newId, clock = Date.now }: FollowServiceDeps) {
  /**
   * Runs the work in a transaction holding both users' rows, taken in id order: every write
   * that moves a follow counter or checks a block takes the same two locks the same way, so
   * such writes between two users run one after another and never deadlock.
   */
  function withPair<T>(
    a: string,
    b: string,
    work: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    return inTransaction(db, async (trx) => {
      for (const id of [a, b].sort()) await lockUser(trx, id);
      return work(trx);
    });
  }

  async function requireUser(trx: Kysely<Database>, id: string) {
    const user = await findUser(trx, id);
    if (!user) throw notFound(followMessages.userNotFound);
    return user;
  }

  return {
    /** Follows the user (again: nothing changes); refused for oneself and across a block. */
    async follow(viewerId: string, userId: string): Promise<FollowState> {
      if (userId === viewerId) throw invalid(followMessages.followSelf, 'to_user_id');
      return withPair(viewerId, userId, async (trx) => {
        await requireUser(trx, userId);
        const { viewerBlocks, otherBlocks } = await blocksBetween(trx, viewerId, userId);
        if (viewerBlocks) throw forbidden(followMessages.youBlocked);
        if (otherBlocks) throw forbidden(followMessages.blockedYou);
        await insertFollow(trx, viewerId, userId, clock());
        const { followers_count } = await requireUser(trx, userId);
        return { user_id: userId, follow: true, fansNum: followers_count };
      });
    },

    /** Stops following the user (not following: nothing changes). */
    async unfollow(viewerId: string, userId: string): Promise<FollowState> {
      if (userId === viewerId) throw invalid(followMessages.followSelf, 'to_user_id');
      return withPair(viewerId, userId, async (trx) => {
        await requireUser(trx, userId);
        await deleteFollow(trx, viewerId, userId);
        const { followers_count } = await requireUser(trx, userId);
        return { user_id: userId, follow: false, fansNum: followers_count };
      });
    },

    /** Blocks the user and ends the follows between the two, both ways (as Bilibili does). */
    async block(viewerId: string, userId: string): Promise<BlockState> {
      if (userId === viewerId) throw invalid(followMessages.blockSelf, 'user_id');
      return withPair(viewerId, userId, async (trx) => {
        await requireUser(trx, userId);
        await insertBlock(trx, viewerId, userId, clock());
        await deleteFollow(trx, viewerId, userId);
        await deleteFollow(trx, userId, viewerId);
        return { user_id: userId, blocked: true };
      });
    },

    async unblock(viewerId: string, userId: string): Promise<BlockState> {
      if (userId === viewerId) throw invalid(followMessages.blockSelf, 'user_id');
      await requireUser(db, userId);
      await deleteBlock(db, viewerId, userId);
      return { user_id: userId, blocked: false };
    },

    /** A page of a user's fans or follows, newest follow first, each marked as the viewer follows. */
    async list(request: AuthorListRequest): Promise<AuthorList> {
      const { side, userId, viewerId, count } = request;
      const owner = await requireUser(db, userId);
      // One row past the page tells whether another page exists.
      const rows = await listFollowEdges(db, {
        side,
        userId,
        cursor: parseCursor(request.cursor),
        limit: count + 1,
        ...(request.keyword === undefined ? {} : { keyword: request.keyword }),
      });
      const { rows: page, hasMore, cursor } = readPage(rows, count, cursorAfter);
      const ids = page.map((row) => row.id);
      const followed =
        viewerId === null
          ? new Set<string>()
          : side === 'follows' && viewerId === userId
            ? new Set(ids)
            : await followedAmong(db, viewerId, ids);
      return {
        userList: page.map((row) => presentAuthorEntry(row, followed.has(row.id))),
        hasMore,
        cursor: cursor ?? '',
        fan_nums: owner.followers_count,
        xigua_anonymous_fans_count_desc: '',
      };
    },

    /** Which of the users the viewer follows (nobody, for a visitor). */
    async followedAmong(viewerId: string | null, userIds: readonly string[]): Promise<string[]> {
      if (viewerId === null) return [];
      return [...(await followedAmong(db, viewerId, userIds))];
    },

    /** A page of the attention feed: the followed authors' newest videos, marked followed. */
    async attentionFeed(viewerId: string, offset: number, count: number): Promise<FeedPage> {
      const rows = await listFollowedItems(db, viewerId, offset, count + 1);
      const cells = rows.slice(0, count);
      const imprId = newId();
      return {
        channelId: '',
        list: cells.map((row, index) => {
          const cell = presentFeedCell(row, offset + index, imprId);
          return { ...cell, userInfo: { ...cell.userInfo, follow: true } };
        }),
        hasMore: rows.length > count,
        offset: offset + cells.length,
      };
    },
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
