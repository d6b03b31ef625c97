import type {
  CommentPage,
  CommentView,
  CommentWithReplies,
  ReplyPage,
} from '@melon/shared/contracts/comment';

/** A comment with the replies shown under it. */
export interface CommentThread {
  comment: CommentView;
  /** Oldest first: the first REPLY_PREVIEW_COUNT from the page, then what 展开更多 loaded. */
  replies: CommentView[];
  /** The reply_list offset to go on from: '0' until 展开更多 has loaded a page. */
  replyOffset: string;
  /** Whether replies remain to be loaded. */
  moreReplies: boolean;
}

export interface CommentListState {
  threads: CommentThread[];
  /** The tab_comments offset of the next page. */
  offset: string;
  hasMore: boolean;
  /** The video's comment count, as the server last said and the viewer's writes moved it. */
  total: number;
  /** What is being fetched: the first page (a new sort or filter) or the next one. */
  loading: 'first' | 'more' | null;
  failed: boolean;
  /** When the shown page arrived: relative times are counted from it. */
  nowMs: number;
  /**
   * The comments the viewer wrote here with their replies, newest first, as last shown: a new
   * first page that lacks one (the hot order is read as it stood a second ago) shows it at the
   * head all the same.
   */
  own: CommentThread[];
}

export type CommentListAction =
  | { type: 'loading'; what: 'first' | 'more' }
  | { type: 'failed' }
  /** `keepOwn`: the viewer's own comments belong in this list (no filter leaves them out). */
  | { type: 'page'; page: CommentPage; first: boolean; nowMs: number; keepOwn: boolean }
  | { type: 'replies'; rootId: string; page: ReplyPage }
  /** Sets the viewer's like (optimistically, or back when the server refused). */
  | { type: 'digg'; id: string; on: boolean }
  /** The server's word on a like: its count and the viewer's state. */
  | { type: 'diggs'; id: string; digg_count: number; user_digg: boolean }
  | { type: 'posted'; comment: CommentView }
  | { type: 'deleted'; id: string }
  /** The video's author pinned a comment (it leads, the one pinned before is not) or took it off. */
  | { type: 'pinned'; id: string; on: boolean }
  /** The video's author let a held comment show: everyone sees it now. */
  | { type: 'approved'; id: string };

export const initialCommentList = (total: number): CommentListState => ({
  threads: [],
  offset: '0',
  hasMore: false,
  total,
  loading: 'first',
  failed: false,
  nowMs: 0,
  own: [],
});

const newThread = (comment: CommentView): CommentThread => ({
  comment,
  replies: [],
  replyOffset: '0',
  moreReplies: false,
});

function threadOf({ reply_preview, ...comment }: CommentWithReplies): CommentThread {
  return {
    comment,
    replies: reply_preview,
    replyOffset: '0',
    moreReplies: comment.reply_count > reply_preview.length,
  };
}

/** `shown` then those of `incoming` not among them (a page may repeat one after new writes). */
function mergeById<T>(shown: T[], incoming: T[], idOf: (item: T) => string): T[] {
  const seen = new Set(shown.map(idOf));
  return [...shown, ...incoming.filter((item) => !seen.has(idOf(item)))];
}

const byTimeThenId = (a: CommentView, b: CommentView): number =>
  a.create_time - b.create_time || (BigInt(a.id) < BigInt(b.id) ? -1 : 1);

/** Everyone sees it: it counts in the video's total. */
const counts = (comment: CommentView): boolean => comment.status === 'visible';

function mapComment(
  threads: CommentThread[],
  id: string,
  change: (comment: CommentView) => CommentView,
): CommentThread[] {
  return threads.map((thread) => {
    if (thread.comment.id === id) return { ...thread, comment: change(thread.comment) };
    if (!thread.replies.some((reply) => reply.id === id)) return thread;
    return {
      ...thread,
      replies: thread.replies.map((reply) => (reply.id === id ? change(reply) : reply)),
    };
  });
}

/** The like set to `on`, the count moved by one when it changes. */
function withDigg(comment: CommentView, on: boolean): CommentView {
  if (comment.user_digg === on) return comment;
  return {
    ...comment,
    user_digg: on,
    digg_count: Math.max(0, comment.digg_count + (on ? 1 : -1)),
  };
}

function posted(state: CommentListState, comment: CommentView): CommentListState {
  const total = state.total + (counts(comment) ? 1 : 0);
  if (comment.root_id === null) {
    return {
      ...state,
      total,
      threads: [newThread(comment), ...state.threads],
      own: [newThread(comment), ...state.own],
    };
  }
  const threads = state.threads.map((thread) =>
    thread.comment.id === comment.root_id
      ? {
          ...thread,
          comment: { ...thread.comment, reply_count: thread.comment.reply_count + 1 },
          replies: mergeById(thread.replies, [comment], (reply) => reply.id),
        }
      : thread,
  );
  return { ...state, total, threads };
}

function deleted(state: CommentListState, id: string): CommentListState {
  const root = state.threads.find((thread) => thread.comment.id === id);
  if (root) {
    // The comment's replies go with it (delete_comment).
    const gone = (counts(root.comment) ? 1 : 0) + root.comment.reply_count;
    return {
      ...state,
      total: Math.max(0, state.total - gone),
      threads: state.threads.filter((thread) => thread !== root),
      own: state.own.filter((thread) => thread.comment.id !== id),
    };
  }
  let gone = 0;
  const threads = state.threads.map((thread) => {
    const reply = thread.replies.find((shown) => shown.id === id);
    if (!reply) return thread;
    gone = counts(reply) ? 1 : 0;
    return {
      ...thread,
      comment: { ...thread.comment, reply_count: Math.max(0, thread.comment.reply_count - 1) },
      replies: thread.replies.filter((shown) => shown !== reply),
    };
  });
  return { ...state, total: Math.max(0, state.total - gone), threads };
}

function pinned(state: CommentListState, id: string, on: boolean): CommentListState {
  const threads = state.threads.map((thread) => {
    const isPinned = on
      ? thread.comment.id === id
      : thread.comment.is_pinned && thread.comment.id !== id;
    return isPinned === thread.comment.is_pinned
      ? thread
      : { ...thread, comment: { ...thread.comment, is_pinned: isPinned } };
  });
  if (!on) return { ...state, threads };
  const lead = threads.filter((thread) => thread.comment.id === id);
  return { ...state, threads: [...lead, ...threads.filter((thread) => thread.comment.id !== id)] };
}

/** The comment area's list: pages, reply threads and the viewer's own writes. */
export function commentListReducer(
  state: CommentListState,
  action: CommentListAction,
): CommentListState {
  switch (action.type) {
    case 'loading':
      return action.what === 'first'
        ? {
            ...state,
            threads: [],
            hasMore: false,
            loading: 'first',
            failed: false,
            // The viewer's comments as shown now, with the replies and likes since.
            own: state.own.map(
              (mine) =>
                state.threads.find((thread) => thread.comment.id === mine.comment.id) ?? mine,
            ),
          }
        : { ...state, loading: 'more', failed: false };
    case 'failed':
      return { ...state, loading: null, failed: true };
    case 'page': {
      const incoming = action.page.data.map(threadOf);
      const byId = (thread: CommentThread) => thread.comment.id;
      const shown = action.first ? [] : state.threads;
      // The viewer's comments the page lacks lead; those it has stay where the order puts them.
      const missing = (mine: CommentThread) =>
        !incoming.some((thread) => byId(thread) === byId(mine));
      const head = action.first && action.keepOwn ? state.own.filter(missing) : [];
      return {
        ...state,
        threads: mergeById([...head, ...shown], incoming, byId),
        offset: action.page.offset,
        hasMore: action.page.has_more,
        total: action.page.total,
        loading: null,
        failed: false,
        nowMs: action.first ? action.nowMs : state.nowMs,
      };
    }
    case 'replies':
      return {
        ...state,
        threads: state.threads.map((thread) =>
          thread.comment.id === action.rootId
            ? {
                ...thread,
                replies: mergeById(thread.replies, action.page.data, (reply) => reply.id).sort(
                  byTimeThenId,
                ),
                replyOffset: action.page.offset,
                moreReplies: action.page.has_more,
              }
            : thread,
        ),
      };
    case 'digg':
      return {
        ...state,
        threads: mapComment(state.threads, action.id, (comment) => withDigg(comment, action.on)),
      };
    case 'diggs':
      return {
        ...state,
        threads: mapComment(state.threads, action.id, (comment) => ({
          ...comment,
          digg_count: action.digg_count,
          user_digg: action.user_digg,
        })),
      };
    case 'posted':
      return posted(state, action.comment);
    case 'deleted':
      return deleted(state, action.id);
    case 'pinned':
      return pinned(state, action.id, action.on);
    case 'approved': {
      const shown = state.threads.some(
        (thread) =>
          (thread.comment.id === action.id && thread.comment.status === 'held') ||
          thread.replies.some((reply) => reply.id === action.id && reply.status === 'held'),
      );
      if (!shown) return state;
      return {
        ...state,
        total: state.total + 1,
        threads: mapComment(state.threads, action.id, (comment) => ({
          ...comment,
          status: 'visible',
        })),
      };
    }
  }
}
