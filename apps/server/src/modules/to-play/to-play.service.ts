import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType } from '@melon/db/enums';
import { inTransaction } from '@melon/db/in-transaction';
import { lockUser } from '@melon/db/lock-user';
import { TO_PLAY_MAX_ENTRIES, type ToPlayList } from '@melon/shared/contracts/to-play';
import { conflict, invalid, notFound } from '../../lib/domain-error.ts';
import { canView, type ViewerId } from '../item/item.policy.ts';
import { isFinished } from '../recommend/ranking.ts';
import { toPlayMessages as t } from './to-play.messages.ts';
import { presentEntry } from './to-play.presenter.ts';
import {
  appendToBasket,
  clearBasket,
  findEntryItems,
  listBasketIds,
  listEpisodesOf,
  removeFromBasket,
  type EntryItemRow,
  type EpisodeRow,
} from './to-play.repository.ts';

interface Deps {
  db: Kysely<Database>;
}

/** What may go in a basket: a video, an album's episode, or an album (which plays an episode). */
const BASKET_TYPES: readonly number[] = [ItemType.ShortVideo, ItemType.Episode, ItemType.Album];

/**
 * The episode an album entry plays for the viewer: the first one in order they may see and
 * have not finished, else (all finished) the first; null when they may see none.
 */
export function chooseEpisode(episodes: readonly EpisodeRow[], viewerId: ViewerId) {
  const visible = episodes.filter((episode) => canView(episode, viewerId));
  return (
    visible.find((episode) => !isFinished(episode.progress_ms ?? 0, episode.duration_ms)) ??
    visible[0] ??
    null
  );
}

/**
 * The to-play basket (decision 051): a signed-in user's ordered videos and albums. Every read
 * goes through the item policy, so an item hidden or deleted after it went in drops out of the
 * list (its row stays, and it comes back if its author shows it again); the cap counts the
 * entries the user sees. Changes run in one transaction holding the user's row.
 */
export function createToPlayService({ db }: Deps) {
  /** The entries of these ids, in their order, that the viewer may see and can play. */
  async function entriesOf(reader: Kysely<Database>, ids: readonly string[], viewerId: ViewerId) {
    const items = new Map((await findEntryItems(reader, ids)).map((row) => [row.id, row]));
    const shown: EntryItemRow[] = [];
    for (const id of ids) {
      const item = items.get(id);
      if (item && BASKET_TYPES.includes(item.item_type) && canView(item, viewerId)) {
        shown.push(item);
      }
    }
    const albumIds = shown.filter((item) => item.item_type === ItemType.Album).map((i) => i.id);
    const episodes = Map.groupBy(
      await listEpisodesOf(reader, albumIds, viewerId),
      (row) => row.album_id,
    );
    return shown.flatMap((item) => {
      if (item.item_type !== ItemType.Album) return [presentEntry(item, null)];
      const episode = chooseEpisode(episodes.get(item.id) ?? [], viewerId);
      return episode ? [presentEntry(item, episode)] : [];
    });
  }

  async function listOf(userId: string, skipped = 0): Promise<ToPlayList> {
    const list = await entriesOf(db, await listBasketIds(db, userId), userId);
    return { list, max: TO_PLAY_MAX_ENTRIES, skipped };
  }

  /**
   * Appends the ids the user may put in (in order, once each, not already there) up to the
   * cap, in one transaction; answers how many could not go in.
   */
  async function append(userId: string, ids: readonly string[]): Promise<number> {
    const wanted = [...new Set(ids)];
    return inTransaction(db, async (trx) => {
      await lockUser(trx, userId);
      const stored = await listBasketIds(trx, userId);
      const inBasket = new Set(stored);
      const fresh = wanted.filter((id) => !inBasket.has(id));
      const addable = new Set((await entriesOf(trx, fresh, userId)).map((e) => e.group_id));
      const room = TO_PLAY_MAX_ENTRIES - (await entriesOf(trx, stored, userId)).length;
      const added = fresh.filter((id) => addable.has(id)).slice(0, Math.max(0, room));
      await appendToBasket(trx, userId, added, Date.now());
      return fresh.length - added.length;
    });
  }

  return {
    list: (userId: string) => listOf(userId),

    async cards(ids: readonly string[], viewerId: ViewerId): Promise<ToPlayList> {
      const list = await entriesOf(db, [...new Set(ids)], viewerId);
      return { list, max: TO_PLAY_MAX_ENTRIES, skipped: 0 };
    },

    async add(userId: string, itemId: string): Promise<ToPlayList> {
      const [item] = await findEntryItems(db, [itemId]);
      if (!item || !canView(item, userId)) throw notFound(t.unknownVideo);
      if (!BASKET_TYPES.includes(item.item_type)) throw invalid(t.notPlayable, 'group_id');
      if ((await entriesOf(db, [itemId], userId)).length === 0) throw notFound(t.nothingToPlay);
      // A playable item that did not go in (and was not there already): the basket is full.
      if ((await append(userId, [itemId])) > 0) {
        throw conflict(t.basketFull(TO_PLAY_MAX_ENTRIES), 'group_id');
      }
      return listOf(userId);
    },

    async remove(userId: string, itemId: string): Promise<ToPlayList> {
      await removeFromBasket(db, userId, itemId);
      return listOf(userId);
    },

    async clear(userId: string): Promise<ToPlayList> {
      await clearBasket(db, userId);
      return listOf(userId);
    },

    async merge(userId: string, ids: readonly string[]): Promise<ToPlayList> {
      return listOf(userId, await append(userId, ids));
    },
  };
}
