import Type from 'typebox';
import {
  AddCommentFilterBody,
  CommentActionBody,
  CommentDiggs,
  CommentFilterList,
  CommentFilterWord,
  CommentIdBody,
  CommentPage,
  CommentPosted,
  CreateReplyBody,
  DeleteCommentFilterBody,
  PostMessageBody,
  ReplyListQuery,
  ReplyPage,
  StickCommentBody,
  TabCommentsQuery,
} from '../contracts/comment.ts';
import { defineCall } from './call.ts';

/**
 * What every comment write shares: only a signed-in user, and a 401 opens the login prompt with
 * source comment (SPEC §6: commenting is a login-required action).
 */
const commentWrite = {
  tag: 'comment',
  method: 'POST',
  signIn: 'required',
  onUnauthorized: { prompt: 'comment' },
} as const;

export const getTabComments = defineCall({
  method: 'GET',
  path: '/tlb/comment/article/v5/tab_comments/',
  tag: 'comment',
  summary: '视频评论（tab_index 0 最热、2 最新；每页 10 条，offset 翻页，附前 3 条回复）',
  query: TabCommentsQuery,
  response: CommentPage,
});

export const getReplyList = defineCall({
  method: 'GET',
  path: '/tlb/comment/2/comment/v5/reply_list/',
  tag: 'comment',
  summary: '评论的回复（按时间正序，offset 翻页）',
  query: ReplyListQuery,
  response: ReplyPage,
});

/** SPEC §7: a form. Limited per writer, with create_reply. */
export const postMessage = defineCall({
  ...commentWrite,
  path: '/browser/2/data/v5/post_message/',
  summary: '发表评论（1–1000 字纯文本，可带一张图片）',
  encoding: 'form',
  body: PostMessageBody,
  response: CommentPosted,
  rateLimit: 'comment',
});

/** SPEC §7: a form. */
export const createReply = defineCall({
  ...commentWrite,
  path: '/browser/2/comment/v5/create_reply/',
  summary: '回复评论或回复',
  encoding: 'form',
  body: CreateReplyBody,
  response: CommentPosted,
  rateLimit: 'comment',
});

export const commentAction = defineCall({
  ...commentWrite,
  path: '/api/comment_module/comment_action',
  summary: '评论点赞（digg）或取消点赞（cancel_digg），每人一次',
  body: CommentActionBody,
  response: CommentDiggs,
  onUnauthorized: { prompt: 'like' },
  /** With the likes, favourites and votes of videos (decision 027). */
  rateLimit: 'reaction',
});

export const deleteComment = defineCall({
  ...commentWrite,
  path: '/api/comment_module/delete_comment',
  summary: '删除评论（评论者或视频作者；删除评论时其回复一并删除）',
  body: CommentIdBody,
  response: Type.Null(),
});

/** Melon's own call (decision 030): the video's author pins one comment, which leads the hot order. */
export const stickComment = defineCall({
  ...commentWrite,
  path: '/api/comment_module/stick_comment',
  summary: '视频作者置顶评论（stick）或取消置顶（cancel_stick），每个视频至多一条',
  body: StickCommentBody,
  response: Type.Null(),
});

/** Melon's own call (decision 030): the video's author lets a held comment (a link) show. */
export const approveComment = defineCall({
  ...commentWrite,
  path: '/api/comment_module/approve_comment',
  summary: '视频作者通过待审核的评论（含站外链接的评论先待审核）',
  body: CommentIdBody,
  response: Type.Null(),
});

export const getCommentFilterList = defineCall({
  ...commentWrite,
  method: 'GET',
  path: '/api/videov2/getCommentFilterList/',
  summary: '我的评论过滤词（含过滤词的评论仅评论者自己可见）',
  response: CommentFilterList,
});

export const addCommentFilter = defineCall({
  ...commentWrite,
  path: '/api/videov2/addCommentFilter/',
  summary: '添加评论过滤词（至多 100 个，每个至多 20 字）',
  body: AddCommentFilterBody,
  response: CommentFilterWord,
});

export const deleteCommentFilter = defineCall({
  ...commentWrite,
  path: '/api/videov2/deleteCommentFilter/',
  summary: '删除评论过滤词',
  body: DeleteCommentFilterBody,
  response: Type.Null(),
});
