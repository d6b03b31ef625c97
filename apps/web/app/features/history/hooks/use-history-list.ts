import { useCallback, useState } from 'react';
import { deleteHistory, getHistory, searchHistory } from '@melon/shared/calls/history.calls';
import type { HistoryPage, HistoryType } from '@melon/shared/contracts/history';
import { browserClient } from '~/lib/browser-client.ts';

export interface HistoryListOptions {
  first: HistoryPage;
  type: HistoryType;
  keyword: string | null;
}

/**
 * The history shown on the page: the server-rendered first page, the pages loaded after it, and
 * what deleting does to them. Deleting waits for the server's answer: an entry goes from the
 * page once it is gone from the history.
 */
export function useHistoryList({ first, type, keyword }: HistoryListOptions) {
  const [entries, setEntries] = useState(first.list);
  const [cursor, setCursor] = useState(first.cursor);
  const [hasMore, setHasMore] = useState(first.hasMore);
  const [busy, setBusy] = useState(false);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setBusy(true);
    try {
      const client = browserClient();
      const page = keyword
        ? await client.call(searchHistory, { keyword, type, cursor })
        : await client.call(getHistory, { type, cursor });
      setEntries((shown) => [...shown, ...page.list]);
      setCursor(page.cursor);
      setHasMore(page.hasMore);
    } finally {
      setBusy(false);
    }
  }, [cursor, keyword, type]);

  /** Deletes the entries of these items; answers how many the server removed. */
  const remove = useCallback(async (ids: readonly string[]) => {
    setBusy(true);
    try {
      const { deleted } = await browserClient().call(deleteHistory, { content_ids: [...ids] });
      const gone = new Set(ids);
      setEntries((shown) => shown.filter((entry) => !gone.has(entry.groupId)));
      return deleted;
    } finally {
      setBusy(false);
    }
  }, []);

  const clear = useCallback(async () => {
    setBusy(true);
    try {
      await browserClient().call(deleteHistory, { all: true });
      setEntries([]);
      setCursor(null);
      setHasMore(false);
    } finally {
      setBusy(false);
    }
  }, []);

  return { entries, hasMore, busy, loadMore, remove, clear };
}
