import { useState, type Dispatch } from 'react';
import { COMMENT_PAGE_SIZE } from '@melon/shared/api/constants';
import {
  approveComment,
  commentAction,
  createReply,
  deleteComment,
  getReplyList,
  postMessage,
  stickComment,
} from '@melon/shared/calls/comment.calls';
import type { CommentView } from '@melon/shared/contracts/comment';
import { browserClient } from '~/lib/browser-client.ts';
import { failureText, type CommentGuard, type CommentNotify } from '../comment-access.ts';
import { toggleLike } from '../comment-like.ts';
import type { CommentListAction, CommentThread } from '../comment-store.ts';
import { commentMessages as t } from '../messages.ts';

/** What the composer sends: the text and the uploaded picture's uri, if any. */
export interface CommentDraft {
  text: string;
  imageInfo: string | null;
}

export interface CommentActions {
  /** Likes or unlikes at once; puts it back, with a message, if the server refuses. */
  like: (comment: CommentView) => void;
  /** Posts a comment on the video; answers it as stored. */
  post: (draft: CommentDraft) => Promise<CommentView>;
  /** Replies to a comment or a reply; answers the reply as stored. */
  reply: (to: CommentView, draft: CommentDraft) => Promise<CommentView>;
  /** Deletes a comment (and its replies) or a reply. */
  remove: (comment: CommentView) => void;
  /** The video's author pins a comment (it leads the hot order) or takes the pin off. */
  pin: (comment: CommentView) => void;
  /** The video's author lets a held comment (a link to another site) show. */
  approve: (comment: CommentView) => void;
  /** 展开更多: the thread's next replies. */
  loadReplies: (thread: CommentThread) => void;
  /** The threads whose replies are being loaded. */
  loadingReplies: ReadonlySet<string>;
}

const postedMessage = (comment: CommentView): string =>
  comment.status === 'filtered'
    ? t.postedFiltered
    : comment.status === 'held'
      ? t.postedHeld
      : t.posted;

/** The comment area's writes, each through the login guard (SPEC §6), and reply paging. */
export function useCommentActions(options: {
  groupId: string;
  dispatch: Dispatch<CommentListAction>;
  guard: CommentGuard;
  notify: CommentNotify;
}): CommentActions {
  const { groupId, dispatch, guard, notify } = options;
  const [loadingReplies, setLoadingReplies] = useState<ReadonlySet<string>>(new Set());

  const tell = (error: unknown) => {
    const text = failureText(error);
    if (text) notify(text);
  };

  const stored = (comment: CommentView): CommentView => {
    dispatch({ type: 'posted', comment });
    notify(postedMessage(comment));
    return comment;
  };

  const like = (comment: CommentView) => {
    guard('like', async () => {
      const failure = await toggleLike(comment, dispatch, (action) =>
        browserClient().call(commentAction, {
          CommentId: comment.id,
          action,
        }),
      );
      if (failure) tell(failure);
    });
  };

  const remove = (comment: CommentView) => {
    guard('comment', async () => {
      try {
        await browserClient().call(deleteComment, { CommentId: comment.id });
        dispatch({ type: 'deleted', id: comment.id });
        notify(t.deleted);
      } catch (error) {
        tell(error);
      }
    });
  };

  const pin = (comment: CommentView) => {
    guard('comment', async () => {
      const on = !comment.is_pinned;
      try {
        await browserClient().call(stickComment, {
          CommentId: comment.id,
          action: on ? 'stick' : 'cancel_stick',
        });
        dispatch({ type: 'pinned', id: comment.id, on });
        notify(on ? t.pinnedDone : t.unpinnedDone);
      } catch (error) {
        tell(error);
      }
    });
  };

  const approve = (comment: CommentView) => {
    guard('comment', async () => {
      try {
        await browserClient().call(approveComment, { CommentId: comment.id });
        dispatch({ type: 'approved', id: comment.id });
        notify(t.approved);
      } catch (error) {
        tell(error);
      }
    });
  };

  const loadReplies = (thread: CommentThread) => {
    const id = thread.comment.id;
    if (loadingReplies.has(id)) return;
    setLoadingReplies((ids) => new Set(ids).add(id));
    browserClient()
      .call(getReplyList, { id, offset: thread.replyOffset, count: COMMENT_PAGE_SIZE })
      .then((page) => {
        dispatch({ type: 'replies', rootId: id, page });
      }, tell)
      .finally(() => {
        setLoadingReplies((ids) => {
          const next = new Set(ids);
          next.delete(id);
          return next;
        });
      });
  };

  return {
    like,
    remove,
    pin,
    approve,
    loadReplies,
    loadingReplies,
    post: async ({ text, imageInfo }) =>
      stored(
        (
          await browserClient().call(postMessage, {
            group_id: groupId,
            text,
            ...(imageInfo ? { image_info: imageInfo } : {}),
          })
        ).comment,
      ),
    reply: async (to, { text, imageInfo }) =>
      stored(
        (
          await browserClient().call(createReply, {
            id: to.id,
            content: text,
            ...(imageInfo ? { image_info: imageInfo } : {}),
          })
        ).comment,
      ),
  };
}
