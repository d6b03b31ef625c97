import type { FavoriteTab } from '@melon/shared/contracts/favorite';

/** /my/favorite/:tab_key?, with the search's keyword when there is one. */
export function favoritePath(tab: FavoriteTab, keyword: string | null = null): string {
  const path = tab === 'all' ? '/my/favorite' : `/my/favorite/${tab}`;
  return keyword ? `${path}?keyword=${encodeURIComponent(keyword)}` : path;
}
