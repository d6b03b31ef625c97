import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type {
  DiggState,
  FavoriteList,
  FavoriteState,
  FavoriteTab,
  VoteResult,
} from '@melon/shared/contracts/favorite';
import { conflict, invalid, notFound } from '../../lib/domain-error.ts';
import { canView } from '../item/item.policy.ts';
import { findViewableItem } from '../item/item.service.ts';
import { favoriteMessages } from './favorite.messages.ts';
import { parseFavoriteCursor, presentFavoriteList } from './favorite.presenter.ts';
import {
  countBallot,
  deleteDigg,
  deleteFavorites,
  findBallot,
  findVote,
  findVoteOption,
  insertBallot,
  insertDigg,
  insertFavorite,
  listFavorites,
  listVoteOptions,
  moveCounter,
  readCounters,
} from './favorite.repository.ts';

export interface FavoriteServiceDeps {
  db: Kysely<Database>;
  /** Date.now when left out. */
  clock?: () => number;
}

export interface FavoritePageQuery {
  tab: FavoriteTab;
  cursor: string | undefined;
  count: number;
  keyword?: string;
}

/**
 * Likes, favourites and votes. Each change stores or removes the user's row and moves the item's
 * counter in one transaction, and only when a row was stored or removed: liking twice counts
 * once, and concurrent changes each count (the counter is moved by the database, never written
 * from a value read before).
 */
export function createFavoriteService({ db, clock = Date.now }: FavoriteServiceDeps) {
  /** The item when the user may see it; a hidden item is answered as an unknown one. */
  async function requireItem(itemId: string, userId: string) {
    const item = await findViewableItem(db, itemId, userId);
    if (!item) throw notFound(favoriteMessages.itemNotFound);
    return item;
  }

  async function digg(userId: string, itemId: string, like: boolean): Promise<DiggState> {
    const item = await requireItem(itemId, userId);
    return db.transaction().execute(async (trx) => {
      const changed = like
        ? await insertDigg(trx, item.id, userId, clock())
        : await deleteDigg(trx, item.id, userId);
      if (changed) await moveCounter(trx, [item.id], 'digg_count', like ? 1 : -1);
      const counters = await readCounters(trx, item.id);
      return { group_id: item.id, digg_count: counters.digg_count, user_digg: like };
    });
  }

  async function favorite(userId: string, itemId: string, add: boolean): Promise<FavoriteState> {
    const item = await requireItem(itemId, userId);
    return db.transaction().execute(async (trx) => {
      if (add) {
        if (await insertFavorite(trx, userId, item.id, clock())) {
          await moveCounter(trx, [item.id], 'favorite_count', 1);
        }
      } else {
        await moveCounter(trx, await deleteFavorites(trx, userId, [item.id]), 'favorite_count', -1);
      }
      const counters = await readCounters(trx, item.id);
      return { group_id: item.id, favorite_count: counters.favorite_count, user_favorite: add };
    });
  }

  /**
   * Takes the items out of the user's favourites, hidden ones too (the user may tidy away what
   * they can no longer open); answers how many were there.
   */
  async function removeFavorites(userId: string, itemIds: readonly string[]): Promise<number> {
    const unique = [...new Set(itemIds)];
    return db.transaction().execute(async (trx) => {
      const removed = await deleteFavorites(trx, userId, unique);
      await moveCounter(trx, removed, 'favorite_count', -1);
      return removed.length;
    });
  }

  /** A page of the user's favourites, newest first; items they may no longer see are left out. */
  async function favorites(userId: string, query: FavoritePageQuery): Promise<FavoriteList> {
    const fetched = await listFavorites(db, {
      userId,
      tab: query.tab,
      after: query.cursor === undefined ? undefined : parseFavoriteCursor(query.cursor),
      keyword: query.keyword?.trim() || undefined,
      limit: query.count + 1,
    });
    const shown = fetched.slice(0, query.count).filter((row) => canView(row, userId));
    return presentFavoriteList(shown, fetched, query.count);
  }

  /**
   * One ballot per user and poll, counted once. Voting again for the same option answers the
   * tallies; for another option it is refused.
   */
  async function vote(userId: string, voteId: string, optionId: number): Promise<VoteResult> {
    const poll = await findVote(db, voteId);
    if (!poll || !(await findViewableItem(db, poll.item_id, userId))) {
      throw notFound(favoriteMessages.voteNotFound);
    }
    if (!(await findVoteOption(db, voteId, optionId))) {
      throw invalid(favoriteMessages.optionNotFound, 'option_id');
    }
    const options = await db.transaction().execute(async (trx) => {
      if (await insertBallot(trx, { voteId, userId, optionId, now: clock() })) {
        await countBallot(trx, voteId, optionId);
      } else if ((await findBallot(trx, voteId, userId)).option_id !== optionId) {
        throw conflict(favoriteMessages.alreadyVoted, 'option_id');
      }
      return listVoteOptions(trx, voteId);
    });
    return {
      vote_id: poll.id,
      group_id: poll.item_id,
      title: poll.title,
      options,
      voted_option: optionId,
    };
  }

  return { digg, favorite, removeFavorites, favorites, vote };
}
