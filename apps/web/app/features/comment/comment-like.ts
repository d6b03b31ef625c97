import type { Dispatch } from 'react';
import type { COMMENT_ACTIONS, CommentView } from '@melon/shared/contracts/comment';
import type { CommentListAction } from './comment-store.ts';

export type CommentLikeAction = (typeof COMMENT_ACTIONS)[number];

/** The server's answer to comment_action. */
export interface CommentDiggs {
  digg_count: number;
  user_digg: boolean;
}

/**
 * Likes or unlikes `comment` optimistically: the list changes at once, then takes the server's
 * count; if the server refuses, the like goes back. Answers the failure, or null.
 */
export async function toggleLike(
  comment: CommentView,
  dispatch: Dispatch<CommentListAction>,
  send: (action: CommentLikeAction) => Promise<CommentDiggs>,
): Promise<unknown> {
  const on = !comment.user_digg;
  dispatch({ type: 'digg', id: comment.id, on });
  try {
    const answer = await send(on ? 'digg' : 'cancel_digg');
    dispatch({ type: 'diggs', id: comment.id, ...answer });
    return null;
  } catch (error) {
    dispatch({ type: 'digg', id: comment.id, on: !on });
    return error;
  }
}
