import { useCallback, useEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import type { FeedPage } from '@melon/shared/contracts/feed';
import { IN_VIEW_MARGIN_PX } from '~/features/feed/constants.ts';
import { emptyFeed, feedReducer, type FeedState } from '~/features/feed/feed-store.ts';
import { useOnVisible } from '~/components/ui/use-on-visible.ts';
import { browserClient } from '~/lib/browser-client.ts';

export type FeedStatus = 'idle' | 'loading' | 'failed';

export interface InfiniteFeed {
  feed: FeedState;
  status: FeedStatus;
  /** Loads the next page again after a failure. */
  retry: () => void;
}

const fromFirstPage = (page: FeedPage): FeedState =>
  feedReducer(emptyFeed(page.channelId), { type: 'set', page });

/**
 * A feed that starts from the server-rendered first page and loads the next pages in the
 * browser when `end` comes within 64 px of the screen.
 */
export function useInfiniteFeed(
  firstPage: FeedPage,
  end: RefObject<Element | null>,
  onError?: () => void,
): InfiniteFeed {
  const [feed, dispatch] = useReducer(feedReducer, firstPage, fromFirstPage);
  const [status, setStatus] = useState<FeedStatus>('idle');
  const [shownFirstPage, setShownFirstPage] = useState(firstPage);
  const busy = useRef(false);
  const latestOnError = useRef(onError);
  useEffect(() => {
    latestOnError.current = onError;
  });

  // A new first page from the loader (another channel, or the same one revalidated) starts over.
  if (shownFirstPage !== firstPage) {
    setShownFirstPage(firstPage);
    dispatch({ type: 'set', page: firstPage });
    setStatus('idle');
  }

  const { channelId, offset, hasMore } = feed;
  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setStatus('loading');
    try {
      const page = await browserClient().call(getFeedById, {
        channelId,
        offset,
        count: DEFAULT_PAGE_SIZE,
      });
      dispatch({ type: 'append', page });
      setStatus('idle');
    } catch {
      setStatus('failed');
      latestOnError.current?.();
    } finally {
      busy.current = false;
    }
  }, [channelId, offset]);

  const loadNext = useCallback(() => void loadMore(), [loadMore]);
  useOnVisible(end, IN_VIEW_MARGIN_PX, hasMore && status === 'idle' ? loadNext : undefined);

  return { feed, status, retry: loadNext };
}
