import type { FastifyInstance } from 'fastify';
import {
  addCommentFilter,
  approveComment,
  commentAction,
  createReply,
  deleteComment,
  deleteCommentFilter,
  getCommentFilterList,
  getReplyList,
  getTabComments,
  postMessage,
  stickComment,
} from '@melon/shared/calls/comment.calls';
import { COMMENT_PAGE_SIZE } from '@melon/shared/api/constants';
import { COMMENT_TAB_HOT } from '@melon/shared/contracts/comment';
import { answerBytes, sendAnswerBytes } from '../../http/answer-bytes.ts';
import { invalid } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { onItemAccessChanged } from '../../realtime/item-access.ts';
import { createCommentFilters } from './comment-filter.service.ts';
import { likeMarkedAnswer } from './comment-like-marks.ts';
import { createCommentLists } from './comment-lists.service.ts';
import { createCommentTabCache } from './comment-tab-cache.ts';
import { commentMessages } from './comment.messages.ts';
import { createCommentService } from './comment.service.ts';

/** SPEC §3: the video is named by group_id, else by item_id. */
function videoOf(input: { group_id?: string; item_id?: string }): string {
  const id = input.group_id ?? input.item_id;
  if (id === undefined) throw invalid(commentMessages.videoRequired, 'group_id');
  return id;
}

/**
 * The comment calls of SPEC §7 and Melon's pin and approval calls (decision 030). Writes need
 * the signed-in user (their declarations say so) and the anti-forgery header (checked
 * globally); posting and replying count in the `comment` bucket.
 */
export default async function commentRoutes(app: FastifyInstance): Promise<void> {
  const lists = createCommentLists({ db: app.db });
  const tabs = createCommentTabCache({ db: app.db, lists });
  const comments = createCommentService({
    db: app.db,
    newId: app.newId,
    onListChange: (itemId) => {
      tabs.forget(itemId);
    },
  });
  const filters = createCommentFilters({ db: app.db, newId: app.newId });
  // An item fewer may see: its shared pages go at once (on every process).
  await onItemAccessChanged(app, (itemId) => {
    tabs.forget(itemId);
  });

  route(app, getTabComments, async (input, { reply, user }) => {
    const answer = await tabs.tab(
      {
        itemId: videoOf(input),
        tab: input.tab_index ?? COMMENT_TAB_HOT,
        offset: input.offset,
        count: input.count ?? COMMENT_PAGE_SIZE,
        authorOnly: input.author_only === 1,
        origin: app.siteOrigin,
      },
      user?.id ?? null,
    );
    if ('own' in answer) return answer.own;
    // The shared page: serialised once while it is shared, each viewer's likes marked in it.
    const { shared, likes } = answer;
    shared.answer ??= likeMarkedAnswer(answerBytes(reply, shared.page), shared.shownIds);
    return sendAnswerBytes(reply, shared.answer.markedFor(likes));
  });

  route(app, getReplyList, ({ id, offset, count }, { user }) =>
    lists.replies(
      { rootId: id, offset, count: count ?? COMMENT_PAGE_SIZE, origin: app.siteOrigin },
      user?.id ?? null,
    ),
  );

  route(app, postMessage, async (input, { user }) => ({
    comment: await comments.post(user.id, videoOf(input), {
      text: input.text,
      textField: 'text',
      imageUri: input.image_info,
      origin: app.siteOrigin,
    }),
  }));

  route(app, createReply, async (input, { user }) => ({
    comment: await comments.reply(user.id, input.id, {
      text: input.content,
      textField: 'content',
      imageUri: input.image_info,
      origin: app.siteOrigin,
    }),
  }));

  route(app, commentAction, ({ CommentId, action }, { user }) =>
    comments.digg(user.id, CommentId, action === 'digg'),
  );

  route(app, deleteComment, async ({ CommentId }, { user }) => {
    await comments.remove(user.id, CommentId);
    return null;
  });

  route(app, stickComment, async ({ CommentId, action }, { user }) => {
    await comments.stick(user.id, CommentId, action === 'stick');
    return null;
  });

  route(app, approveComment, async ({ CommentId }, { user }) => {
    await comments.approve(user.id, CommentId);
    return null;
  });

  route(app, getCommentFilterList, async (_input, { user }) => ({
    list: await filters.list(user.id),
  }));

  route(app, addCommentFilter, ({ text }, { user }) => filters.add(user.id, text));

  route(app, deleteCommentFilter, async ({ keyword_id }, { user }) => {
    await filters.remove(user.id, keyword_id);
    return null;
  });
}
