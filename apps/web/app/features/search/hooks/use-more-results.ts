import { useState } from 'react';
import { searchResults } from '@melon/shared/calls/search.calls';
import type { SearchCard, SearchResults } from '@melon/shared/contracts/search';
import type { SearchFilters } from '../filters.ts';
import { callSearchHost } from '../search-client.ts';

/** The tab's own slice of a page of results. */
export function mainSlice(page: SearchResults) {
  if (page.type === 'lvideo') return page.longVideo;
  if (page.type === 'user') return page.user;
  return page.complex;
}

type Status = 'idle' | 'loading' | 'failed';

/** A stable key for a card in a list. */
export const keyOf = (card: SearchCard): string =>
  'user' in card ? `u${card.user.user_id}` : `i${card.item.groupId}`;

/** The tab's cards so far and the next page on demand, from the main or the switch host. */
export function useMoreResults(first: SearchResults, filters: SearchFilters, switchHost: string) {
  const [cards, setCards] = useState<SearchCard[]>(mainSlice(first).data);
  const [last, setLast] = useState(first);
  const [status, setStatus] = useState<Status>('idle');

  async function loadMore() {
    if (status === 'loading' || !last.hasMore) return;
    setStatus('loading');
    try {
      const next = await callSearchHost(switchHost, searchResults, {
        type: filters.type,
        keyword: first.keyword,
        page: last.page + 1,
        search_id: first.search_id,
        sort: filters.sort,
        duration: filters.duration,
        publish_time: filters.publish_time,
      });
      // Paging is stable; a card already shown (the index changed in between) is not repeated.
      setCards((shown) => {
        const keys = new Set(shown.map(keyOf));
        return [...shown, ...mainSlice(next).data.filter((card) => !keys.has(keyOf(card)))];
      });
      setLast(next);
      setStatus('idle');
    } catch {
      setStatus('failed');
    }
  }

  return { cards, hasMore: last.hasMore, status, loadMore };
}
