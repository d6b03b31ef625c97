import type { FavoriteEntry, FavoriteList } from '@melon/shared/contracts/favorite';
import { toSeconds } from '@melon/shared/format/timestamp';
import {
  type ListPosition,
  parsePositionCursor,
  positionCursor,
  readPage,
} from '../../lib/newest-first.ts';
import { mediaUrlOrEmpty } from '../../storage/media-url.ts';
import { presentItemCard } from '../item/item-card.presenter.ts';
import type { FavoriteRow } from './favorite.repository.ts';

/** The cursor of the page after `row`: its favourite time and item id. */
export const favoriteCursor = (row: Pick<FavoriteRow, 'favorite_time' | 'id'>): string =>
  positionCursor({ time: row.favorite_time, id: row.id }, ':');

/** The position a `favoriteCursor` names. */
export const parseFavoriteCursor = (cursor: string): ListPosition =>
  parsePositionCursor(cursor, ':');

export function presentFavoriteEntry(row: FavoriteRow): FavoriteEntry {
  return {
    ...presentItemCard(row),
    play_count: row.play_count,
    publish_time: toSeconds(row.publish_time),
    favorite_time: toSeconds(row.favorite_time),
    user_info: {
      user_id: row.user_id,
      name: row.user_name,
      avatar_url: mediaUrlOrEmpty(row.user_avatar_url),
    },
  };
}

/**
 * A page of favourites: `shown` are the rows the viewer may see; `fetched` is every row read for
 * the page (one past it tells whether another exists), so the cursor moves past hidden ones too.
 */
export function presentFavoriteList(
  shown: readonly FavoriteRow[],
  fetched: readonly FavoriteRow[],
  count: number,
): FavoriteList {
  const { hasMore, cursor } = readPage(fetched, count, favoriteCursor);
  return { list: shown.map(presentFavoriteEntry), hasMore, cursor: cursor ?? '' };
}
