import { describe, expect, it } from 'vitest';
import { ApiError } from '@melon/shared/client/errors';
import { toggleLike, type CommentLikeAction } from './comment-like.ts';
import {
  commentListReducer,
  initialCommentList,
  type CommentListAction,
  type CommentListState,
} from './comment-store.ts';
import { commentView, withReplies } from './comment-view.testing.ts';

/** A list holding comment 1 with `likes` likes, and a dispatch that keeps what it was sent. */
function listWith(likes: number, liked: boolean) {
  let state: CommentListState = commentListReducer(initialCommentList(1), {
    type: 'page',
    first: true,
    nowMs: 0,
    keepOwn: true,
    page: {
      data: [withReplies(commentView('1', { digg_count: likes, user_digg: liked }))],
      offset: '1',
      has_more: false,
      total: 1,
      sort: 'smart_hot',
    },
  });
  const seen: CommentListState[] = [];
  const dispatch = (action: CommentListAction) => {
    state = commentListReducer(state, action);
    seen.push(state);
  };
  const comment = () => {
    const shown = state.threads[0]?.comment;
    if (!shown) throw new Error('the list lost its comment');
    return shown;
  };
  return { dispatch, seen, comment };
}

describe('toggleLike', () => {
  it('shows the like before the server answers, then the server count', async () => {
    const list = listWith(4, false);
    const sent: CommentLikeAction[] = [];
    let answer: (value: { digg_count: number; user_digg: boolean }) => void = () => undefined;
    const pending = toggleLike(list.comment(), list.dispatch, (action) => {
      sent.push(action);
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    expect(sent).toEqual(['digg']);
    expect(list.comment()).toMatchObject({ user_digg: true, digg_count: 5 });
    answer({ digg_count: 7, user_digg: true });
    expect(await pending).toBeNull();
    expect(list.comment()).toMatchObject({ user_digg: true, digg_count: 7 });
  });

  it('takes the like back and answers the failure when the server refuses', async () => {
    const list = listWith(4, true);
    const refusal = new ApiError({ code: 400, status: 400, message: '评论不存在' });
    const failure = await toggleLike(list.comment(), list.dispatch, (action) => {
      expect(action).toBe('cancel_digg');
      return Promise.reject(refusal);
    });
    expect(failure).toBe(refusal);
    expect(list.seen.map((state) => state.threads[0]?.comment.digg_count)).toEqual([3, 4]);
    expect(list.comment()).toMatchObject({ user_digg: true, digg_count: 4 });
  });
});
