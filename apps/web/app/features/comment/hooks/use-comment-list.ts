import { useCallback, useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { COMMENT_PAGE_SIZE } from '@melon/shared/api/constants';
import { getTabComments } from '@melon/shared/calls/comment.calls';
import {
  COMMENT_TAB_HOT,
  type COMMENT_TAB_TIME,
  type CommentPage,
} from '@melon/shared/contracts/comment';
import { browserClient } from '~/lib/browser-client.ts';
import {
  commentListReducer,
  initialCommentList,
  type CommentListAction,
  type CommentListState,
} from '../comment-store.ts';

/** SPEC §7 tab_index: 0 最热, 2 最新. */
export type CommentTab = typeof COMMENT_TAB_HOT | typeof COMMENT_TAB_TIME;

export interface CommentList {
  state: CommentListState;
  dispatch: Dispatch<CommentListAction>;
  tab: CommentTab;
  setTab: (tab: CommentTab) => void;
  authorOnly: boolean;
  setAuthorOnly: (authorOnly: boolean) => void;
  /** Appends the next page (infinite paging with the contract's offset). */
  loadMore: () => void;
  /** After a failure: loads again what failed. */
  retry: () => void;
}

/** The first hot page as the server rendered it (for crawlers, decision 038), and its time. */
export interface RenderedCommentPage {
  page: CommentPage;
  nowMs: number;
}

/**
 * A video's comments, fetched in the browser once the area is `near` the viewport (decision
 * 032): the first page of the chosen order and filter, then the next pages on request. A new
 * order or filter starts over; an answer to a request made before that is dropped. A page
 * rendered for a crawler comes with its first hot page: that is shown at once and not fetched
 * again.
 */
export function useCommentList(
  groupId: string,
  initialTotal: number,
  near: boolean,
  rendered?: RenderedCommentPage,
): CommentList {
  const [tab, setTabState] = useState<CommentTab>(COMMENT_TAB_HOT);
  const [authorOnly, setAuthorOnlyState] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [state, dispatch] = useReducer(commentListReducer, initialTotal, (total) => {
    const empty = initialCommentList(total);
    if (!rendered) return empty;
    const { page, nowMs } = rendered;
    return commentListReducer(empty, { type: 'page', page, first: true, nowMs, keepOwn: true });
  });
  /** The number of the latest first-page request: older answers are stale. */
  const generation = useRef(0);
  /** The rendered first page stands for the first request. */
  const renderedFirst = useRef(rendered !== undefined);

  const fetchPage = useCallback(
    (offset: string) =>
      browserClient().call(getTabComments, {
        group_id: groupId,
        tab_index: tab,
        count: COMMENT_PAGE_SIZE,
        offset,
        ...(authorOnly ? { author_only: 1 as const } : {}),
      }),
    [groupId, tab, authorOnly],
  );

  useEffect(() => {
    if (!near) return;
    generation.current += 1;
    if (renderedFirst.current) {
      renderedFirst.current = false;
      return;
    }
    const current = generation.current;
    fetchPage('0').then(
      (page) => {
        if (current === generation.current) {
          dispatch({ type: 'page', page, first: true, nowMs: Date.now(), keepOwn: !authorOnly });
        }
      },
      () => {
        if (current === generation.current) dispatch({ type: 'failed' });
      },
    );
  }, [near, fetchPage, attempt, authorOnly]);

  const startOver = () => {
    generation.current += 1;
    dispatch({ type: 'loading', what: 'first' });
  };

  const loadMore = () => {
    if (state.loading || !state.hasMore) return;
    const current = generation.current;
    dispatch({ type: 'loading', what: 'more' });
    fetchPage(state.offset).then(
      (page) => {
        if (current === generation.current) {
          dispatch({ type: 'page', page, first: false, nowMs: state.nowMs, keepOwn: !authorOnly });
        }
      },
      () => {
        if (current === generation.current) dispatch({ type: 'failed' });
      },
    );
  };

  return {
    state,
    dispatch,
    tab,
    setTab: (next) => {
      if (next === tab) return;
      startOver();
      setTabState(next);
    },
    authorOnly,
    setAuthorOnly: (next) => {
      if (next === authorOnly) return;
      startOver();
      setAuthorOnlyState(next);
    },
    loadMore,
    retry: () => {
      if (state.threads.length > 0) {
        loadMore();
        return;
      }
      startOver();
      setAttempt((value) => value + 1);
    },
  };
}
