import { FeedPage } from '../contracts/feed.ts';
import {
  AttentionFeedQuery,
  AuthorList,
  AuthorListQuery,
  BlockBody,
  BlockState,
  FollowActionBody,
  FollowRelation,
  FollowRelationQuery,
  FollowSearchQuery,
  FollowState,
} from '../contracts/follow.ts';
import { defineCall } from './call.ts';

/** SPEC §7 (Video): follow or stop following; a 401 opens the prompt with source follow (§6). */
export const followAction = defineCall({
  method: 'POST',
  path: '/api/videov2/follow_action',
  tag: 'user',
  summary: '关注或取消关注作者（表单：to_user_id，action 为 follow 或 cancel_follow）',
  encoding: 'form',
  body: FollowActionBody,
  response: FollowState,
  signIn: 'required',
  onUnauthorized: { prompt: 'follow' },
  rateLimit: 'follow',
});

/** A user's fans, newest first; the viewer's own when user_id is left out. */
export const getFansList = defineCall({
  method: 'GET',
  path: '/api/userv2/fans/list',
  tag: 'user',
  summary: '粉丝列表（按关注时间倒序，cursor 翻页）',
  query: AuthorListQuery,
  response: AuthorList,
  onUnauthorized: { prompt: 'attention' },
});

/** Who a user follows, newest first; the viewer's own when user_id is left out. */
export const getFollowList = defineCall({
  method: 'GET',
  path: '/api/userv2/follow/list',
  tag: 'user',
  summary: '关注列表（按关注时间倒序，cursor 翻页）',
  query: AuthorListQuery,
  response: AuthorList,
  onUnauthorized: { prompt: 'attention' },
});

/** The viewer's follows whose name contains the keyword. */
export const searchFollowList = defineCall({
  method: 'GET',
  path: '/api/userv2/follow/search/list',
  tag: 'user',
  summary: '在我的关注中按昵称搜索',
  query: FollowSearchQuery,
  response: AuthorList,
  signIn: 'required',
  onUnauthorized: { prompt: 'attention' },
});

/**
 * Which of the given authors (a feed page's, comma-joined) the viewer follows, for the follow
 * buttons on cards: the feed pages are the same for everyone (decision 003), so this is asked
 * apart. A visitor follows nobody. Melon's (decision 028).
 */
export const getFollowRelation = defineCall({
  method: 'GET',
  path: '/api/userv2/follow/relation',
  tag: 'user',
  summary: '给定作者中我关注了哪些（逗号分隔，至多 50 个）',
  query: FollowRelationQuery,
  response: FollowRelation,
});

/** Blocks a user: the follows between the two end, both ways. */
export const blockUser = defineCall({
  method: 'POST',
  path: '/api/userv2/block',
  tag: 'user',
  summary: '拉黑用户（双方的关注随之解除；对方不能再关注你、给你的视频发弹幕）',
  encoding: 'form',
  body: BlockBody,
  response: BlockState,
  signIn: 'required',
  rateLimit: 'follow',
});

export const unblockUser = defineCall({
  method: 'POST',
  path: '/api/userv2/block/cancel',
  tag: 'user',
  summary: '取消拉黑',
  encoding: 'form',
  body: BlockBody,
  response: BlockState,
  signIn: 'required',
  rateLimit: 'follow',
});

/**
 * The attention feed of /my/attention: the newest videos of the authors the viewer follows,
 * as feed cards. Not a SPEC §7 path (the SPEC names the feed, not its call): decision 028.
 */
export const getAttentionFeed = defineCall({
  method: 'GET',
  path: '/api/feedv2/attention',
  tag: 'feed',
  summary: '我的关注：关注的作者的最新视频（按发布时间倒序）',
  query: AttentionFeedQuery,
  response: FeedPage,
  signIn: 'required',
  onUnauthorized: { prompt: 'attention' },
});
