import { ItemType } from '@melon/db/enums';
import type { SearchCard, SearchSlice } from '@melon/shared/contracts/search';
import { mediaUrlOrEmpty } from '../../storage/media-url.ts';
import { presentFeedCell } from '../feed/feed.presenter.ts';
import type { SearchHit } from '../search-index/search-index.service.ts';
import type { ItemCardRow, UserCardRow } from './search.repository.ts';

/** SPEC §3 card kinds by item type: long videos are albums, series and their episodes. */
function cardTypeOf(itemType: ItemType): 'video' | 'lvideo' | 'pseries' {
  if (itemType === ItemType.ShortVideo) return 'video';
  if (itemType === ItemType.PSeries) return 'pseries';
  return 'lvideo';
}

export interface FoundRows {
  items: ReadonlyMap<string, ItemCardRow>;
  users: ReadonlyMap<string, UserCardRow>;
}

/**
 * The hits as cards, in the engine's order; a hit whose row is not there (gone, or no longer
 * listed since the index was written) is left out. `offset` is the first hit's place in the
 * whole list.
 */
export function presentCards(
  hits: readonly SearchHit[],
  rows: FoundRows,
  offset: number,
  searchId: string,
): SearchCard[] {
  const cards: SearchCard[] = [];
  hits.forEach((hit, index) => {
    if (hit.kind === 'user') {
      const user = rows.users.get(hit.id);
      if (!user) return;
      cards.push({
        cardType: 'user',
        user: {
          user_id: user.id,
          name: user.name,
          avatar_url: mediaUrlOrEmpty(user.avatar_url),
          description: user.description,
          followers_count: user.followers_count,
          video_count: user.video_count,
        },
        matched: hit.matched,
      });
      return;
    }
    const item = rows.items.get(hit.id);
    if (!item) return;
    cards.push({
      cardType: cardTypeOf(item.item_type),
      item: presentFeedCell(item, offset + index, searchId),
      matched: hit.matched,
    });
  });
  return cards;
}

export const emptySlice = (): SearchSlice => ({ data: [], trueCount: 0 });
