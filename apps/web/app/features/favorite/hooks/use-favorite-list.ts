import { useState } from 'react';
import { deleteFavorite, getFavorites, searchFavorites } from '@melon/shared/calls/favorite.calls';
import type { FavoriteEntry, FavoriteList, FavoriteTab } from '@melon/shared/contracts/favorite';
import { browserClient } from '~/lib/browser-client.ts';

export interface FavoriteListControl {
  entries: readonly FavoriteEntry[];
  hasMore: boolean;
  loading: boolean;
  /** The next page after the server-rendered one. */
  loadMore: () => Promise<void>;
  /** Takes the item out of the favourites, and off the list once the server agrees. */
  remove: (groupId: string) => Promise<void>;
  /** The item being removed, if any. */
  removing: string | null;
}

/** The favourites shown on /my/favorite: the server's first page, then more on demand. */
export function useFavoriteList({
  first,
  tab,
  keyword,
}: {
  first: FavoriteList;
  tab: FavoriteTab;
  keyword: string | null;
}): FavoriteListControl {
  const [shown, setShown] = useState(first);
  const [entries, setEntries] = useState<readonly FavoriteEntry[]>(first.list);
  const [page, setPage] = useState({ hasMore: first.hasMore, cursor: first.cursor });
  const [loading, setLoading] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  if (shown !== first) {
    setShown(first);
    setEntries(first.list);
    setPage({ hasMore: first.hasMore, cursor: first.cursor });
  }

  const loadMore = async () => {
    if (loading || !page.hasMore) return;
    setLoading(true);
    try {
      const query = { tab_key: tab, cursor: page.cursor };
      const next = keyword
        ? await browserClient().call(searchFavorites, { ...query, keyword })
        : await browserClient().call(getFavorites, query);
      const known = new Set(entries.map((entry) => entry.group_id));
      setEntries([...entries, ...next.list.filter((entry) => !known.has(entry.group_id))]);
      setPage({ hasMore: next.hasMore, cursor: next.cursor });
    } finally {
      setLoading(false);
    }
  };

  const remove = async (groupId: string) => {
    setRemoving(groupId);
    try {
      await browserClient().call(deleteFavorite, { group_ids: [groupId] });
      setEntries((now) => now.filter((entry) => entry.group_id !== groupId));
    } finally {
      setRemoving(null);
    }
  };

  return { entries, hasMore: page.hasMore, loading, loadMore, remove, removing };
}
