import { describe, expect, it } from 'vitest';
import type { CommentPage, CommentView, ReplyPage } from '@melon/shared/contracts/comment';
import {
  commentListReducer,
  initialCommentList,
  type CommentListAction,
  type CommentListState,
} from './comment-store.ts';
import { commentView, withReplies } from './comment-view.testing.ts';

function page(data: CommentPage['data'], fields: Partial<CommentPage> = {}): CommentPage {
  return { data, offset: 'next', has_more: true, total: 40, sort: 'smart_hot', ...fields };
}

const run = (state: CommentListState, ...actions: CommentListAction[]): CommentListState =>
  actions.reduce(commentListReducer, state);

const ids = (state: CommentListState) => state.threads.map((thread) => thread.comment.id);

function find(state: CommentListState, id: string): CommentView | undefined {
  for (const { comment, replies } of state.threads) {
    if (comment.id === id) return comment;
    const reply = replies.find((shown) => shown.id === id);
    if (reply) return reply;
  }
  return undefined;
}

const reply = (id: string, rootId: string, fields: Partial<CommentView> = {}) =>
  commentView(id, { root_id: rootId, ...fields });

/** A list with comment 1 (2 likes, 5 replies of which 2 and 3 are previewed) and comment 4. */
const loaded = run(initialCommentList(12), {
  type: 'page',
  first: true,
  nowMs: 1_764_000_100_000,
  keepOwn: true,
  page: page([
    withReplies(commentView('1', { digg_count: 2, reply_count: 5 }), [
      reply('2', '1'),
      reply('3', '1'),
    ]),
    withReplies(commentView('4')),
  ]),
});

describe('commentListReducer', () => {
  it('starts loading with the count of the page details, and takes the first page', () => {
    const start = initialCommentList(335);
    expect(start).toMatchObject({ total: 335, loading: 'first', threads: [] });
    expect(ids(loaded)).toEqual(['1', '4']);
    expect(loaded).toMatchObject({ total: 40, offset: 'next', hasMore: true, loading: null });
    expect(loaded.nowMs).toBe(1_764_000_100_000);
    expect(loaded.threads[0]?.replies.map((shown) => shown.id)).toEqual(['2', '3']);
    expect(loaded.threads[0]?.moreReplies).toBe(true);
    expect(loaded.threads[1]?.moreReplies).toBe(false);
  });

  it('likes at once and puts the like back when the server refuses', () => {
    const liked = run(loaded, { type: 'digg', id: '1', on: true });
    expect(find(liked, '1')).toMatchObject({ user_digg: true, digg_count: 3 });
    const rolledBack = run(liked, { type: 'digg', id: '1', on: false });
    expect(find(rolledBack, '1')).toMatchObject({ user_digg: false, digg_count: 2 });
  });

  it('likes a reply inside its thread and takes the server count as it answers', () => {
    const liked = run(loaded, { type: 'digg', id: '3', on: true });
    expect(find(liked, '3')).toMatchObject({ user_digg: true, digg_count: 1 });
    const answered = run(liked, { type: 'diggs', id: '3', digg_count: 9, user_digg: true });
    expect(find(answered, '3')).toMatchObject({ user_digg: true, digg_count: 9 });
    expect(find(answered, '1')).toMatchObject({ user_digg: false, digg_count: 2 });
  });

  it('does not count a like twice, nor below zero', () => {
    const twice = run(
      loaded,
      { type: 'digg', id: '4', on: true },
      { type: 'digg', id: '4', on: true },
    );
    expect(find(twice, '4')?.digg_count).toBe(1);
    const unliked = run(loaded, { type: 'digg', id: '4', on: false });
    expect(find(unliked, '4')).toMatchObject({ digg_count: 0, user_digg: false });
  });

  it('appends the next page without showing again a comment already shown', () => {
    const next = run(
      loaded,
      { type: 'loading', what: 'more' },
      {
        type: 'page',
        first: false,
        nowMs: 0,
        keepOwn: true,
        page: page([withReplies(commentView('4')), withReplies(commentView('5'))], {
          offset: 'end',
          has_more: false,
          total: 41,
        }),
      },
    );
    expect(ids(next)).toEqual(['1', '4', '5']);
    expect(next).toMatchObject({ offset: 'end', hasMore: false, total: 41, loading: null });
    expect(next.nowMs).toBe(loaded.nowMs);
  });

  it('starts over for a new sort and keeps the list when the next page fails', () => {
    expect(run(loaded, { type: 'loading', what: 'first' })).toMatchObject({
      threads: [],
      loading: 'first',
      total: 40,
    });
    const failed = run(loaded, { type: 'loading', what: 'more' }, { type: 'failed' });
    expect(ids(failed)).toEqual(['1', '4']);
    expect(failed).toMatchObject({ failed: true, loading: null, hasMore: true });
  });

  it('merges the replies 展开更多 loads with the previewed ones, oldest first', () => {
    const replies: ReplyPage = {
      data: [reply('2', '1'), reply('3', '1'), reply('5', '1'), reply('6', '1')],
      offset: 'r2',
      has_more: true,
    };
    const more = run(loaded, { type: 'replies', rootId: '1', page: replies });
    expect(more.threads[0]?.replies.map((shown) => shown.id)).toEqual(['2', '3', '5', '6']);
    expect(more.threads[0]).toMatchObject({ replyOffset: 'r2', moreReplies: true });
    const last = run(more, {
      type: 'replies',
      rootId: '1',
      page: { data: [reply('7', '1')], offset: 'r3', has_more: false },
    });
    expect(last.threads[0]?.replies.map((shown) => shown.id)).toEqual(['2', '3', '5', '6', '7']);
    expect(last.threads[0]?.moreReplies).toBe(false);
  });

  it('puts a new comment first and a new reply at the end of its thread', () => {
    const posted = run(
      loaded,
      { type: 'posted', comment: commentView('8') },
      { type: 'posted', comment: reply('9', '4') },
    );
    expect(ids(posted)).toEqual(['8', '1', '4']);
    expect(posted.threads[2]?.replies.map((shown) => shown.id)).toEqual(['9']);
    expect(find(posted, '4')?.reply_count).toBe(1);
    expect(posted.total).toBe(42);
  });

  it('shows a comment only its writer sees without counting it', () => {
    const posted = run(loaded, { type: 'posted', comment: commentView('8', { status: 'held' }) });
    expect(ids(posted)).toEqual(['8', '1', '4']);
    expect(posted.total).toBe(40);
  });

  it('deletes a comment with its replies, or one reply', () => {
    const withoutComment = run(loaded, { type: 'deleted', id: '1' });
    expect(ids(withoutComment)).toEqual(['4']);
    expect(withoutComment.total).toBe(40 - 1 - 5);
    const withoutReply = run(loaded, { type: 'deleted', id: '2' });
    expect(withoutReply.threads[0]?.replies.map((shown) => shown.id)).toEqual(['3']);
    expect(find(withoutReply, '1')?.reply_count).toBe(4);
    expect(withoutReply.total).toBe(39);
    expect(run(loaded, { type: 'deleted', id: '404' })).toEqual(loaded);
  });

  it('pins one comment at the head of the list and takes the pin off again', () => {
    const first = run(loaded, { type: 'pinned', id: '4', on: true });
    expect(ids(first)).toEqual(['4', '1']);
    expect(find(first, '4')?.is_pinned).toBe(true);
    const moved = run(first, { type: 'pinned', id: '1', on: true });
    expect(ids(moved)).toEqual(['1', '4']);
    expect([find(moved, '1')?.is_pinned, find(moved, '4')?.is_pinned]).toEqual([true, false]);
    const off = run(moved, { type: 'pinned', id: '1', on: false });
    expect(ids(off)).toEqual(['1', '4']);
    expect(find(off, '1')?.is_pinned).toBe(false);
  });

  it('shows an approved comment to everyone and counts it once', () => {
    const held = run(loaded, { type: 'posted', comment: commentView('8', { status: 'held' }) });
    const approved = run(held, { type: 'approved', id: '8' });
    expect(find(approved, '8')?.status).toBe('visible');
    expect(approved.total).toBe(41);
    expect(run(approved, { type: 'approved', id: '8' }).total).toBe(41);
  });

  it("keeps the viewer's new comment, with its replies, at the head of a new first page that lacks it", () => {
    const written = run(
      loaded,
      { type: 'posted', comment: commentView('8') },
      { type: 'posted', comment: reply('9', '8') },
      { type: 'loading', what: 'first' },
    );
    const hotPage = page([withReplies(commentView('4')), withReplies(commentView('1'))]);
    const again = run(written, {
      type: 'page',
      first: true,
      nowMs: 1,
      page: hotPage,
      keepOwn: true,
    });
    expect(ids(again)).toEqual(['8', '4', '1']);
    expect(again.threads[0]?.replies.map((shown) => shown.id)).toEqual(['9']);
    // A page that has it shows the server's version where the order puts it.
    const later = run(
      again,
      { type: 'loading', what: 'first' },
      {
        type: 'page',
        first: true,
        nowMs: 2,
        page: page([
          withReplies(commentView('4')),
          withReplies(commentView('8', { digg_count: 3 })),
        ]),
        keepOwn: true,
      },
    );
    expect(ids(later)).toEqual(['4', '8']);
    expect(find(later, '8')?.digg_count).toBe(3);
    // A filter that leaves it out (只看UP主), or its deletion, drops it.
    const filtered = run(
      again,
      { type: 'loading', what: 'first' },
      {
        type: 'page',
        first: true,
        nowMs: 3,
        page: page([]),
        keepOwn: false,
      },
    );
    expect(ids(filtered)).toEqual([]);
    const deleted = run(
      again,
      { type: 'deleted', id: '8' },
      { type: 'loading', what: 'first' },
      {
        type: 'page',
        first: true,
        nowMs: 4,
        page: page([]),
        keepOwn: true,
      },
    );
    expect(ids(deleted)).toEqual([]);
  });
});
