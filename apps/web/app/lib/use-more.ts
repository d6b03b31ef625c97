import { useState } from 'react';
import { ApiError } from '@melon/shared/client/errors';

export interface MoreList<T> {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  /** Loads the next page and appends it. */
  loadMore: () => void;
}

interface MoreOptions<P, T> {
  /** The items of a page and whether another follows it. */
  read: (page: P) => { items: T[]; hasMore: boolean };
  /** Loads the page after the one given. */
  fetchNext: (last: P) => Promise<P>;
  /** Names an item, so a page that repeats one (the list changed meanwhile) does not show it twice. */
  key: (item: T) => string;
  notify: (message: string) => void;
  /** Shown when a page fails without a message of the server's. */
  failed: string;
}

/**
 * A list that starts from the server-rendered first page and appends the next pages on request;
 * a failure goes to `notify`. A new first page (another address) starts over.
 */
export function useMore<P, T>(first: P, options: MoreOptions<P, T>): MoreList<T> {
  const { read, fetchNext, key, notify, failed } = options;
  const [origin, setOrigin] = useState(first);
  const [last, setLast] = useState(first);
  const [items, setItems] = useState(() => read(first).items);
  const [loading, setLoading] = useState(false);

  if (origin !== first) {
    setOrigin(first);
    setLast(first);
    setItems(read(first).items);
  }

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
        notify(error instanceof ApiError && error.message ? error.message : failed);
      })
      .finally(() => {
        setLoading(false);
      });
  };

  return { items, hasMore: read(last).hasMore, loading, loadMore };
}
