import { useState } from 'react';
import { ApiError } from '@melon/shared/client/errors';
import { followMessages as t } from '../messages.ts';

export interface MoreList<T> {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  /** Loads the next page and appends it. */
  loadMore: () => void;
}

/**
 * A list that starts from the server-rendered first page and appends the next pages on request.
 * `fetchNext` loads the page after the one given; `key` names an item, so a page that repeats
 * one (the list changed meanwhile) does not show it twice; a failure goes to `notify`.
 */
export function useMore<P, T>(
  first: P,
  read: (page: P) => { items: T[]; hasMore: boolean },
  fetchNext: (last: P) => Promise<P>,
  key: (item: T) => string,
  notify: (message: string) => void,
): MoreList<T> {
  const [last, setLast] = useState(first);
  const [items, setItems] = useState(() => read(first).items);
  const [loading, setLoading] = useState(false);

  const loadMore = () => {
    if (loading) return;
    setLoading(true);
    fetchNext(last)
      .then((page) => {
        setLast(page);
        setItems((shown) => {
          const seen = new Set(shown.map(key));
          return [...shown, ...read(page).items.filter((item) => !seen.has(key(item)))];
        });
      })
      .catch((error: unknown) => {
        notify(error instanceof ApiError && error.message ? error.message : t.failed);
      })
      .finally(() => {
        setLoading(false);
      });
  };

  return { items, hasMore: read(last).hasMore, loading, loadMore };
}
