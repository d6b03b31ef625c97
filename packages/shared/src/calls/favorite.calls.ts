import {
  AddFavoriteBody,
  AddVoteBody,
  DeleteFavoriteBody,
  DiggActionBody,
  DiggState,
  FavoriteActionBody,
  FavoriteList,
  FavoriteListQuery,
  FavoritesDeleted,
  FavoriteState,
  SearchFavoriteQuery,
  VoteResult,
} from '../contracts/favorite.ts';
import { defineCall } from './call.ts';

/**
 * Likes, favourites and votes (SPEC §7 Video): every one needs a signed-in user, and a 401 opens
 * the login prompt with the SPEC §6 source. The writes count together in the `reaction` bucket.
 */
const write = {
  method: 'POST',
  tag: 'favorite',
  signIn: 'required',
  rateLimit: 'reaction',
} as const;

export const diggAction = defineCall({
  ...write,
  path: '/api/videov2/digg_action',
  summary: '点赞视频（digg）或取消点赞（cancel_digg）；重复点赞只计一次',
  body: DiggActionBody,
  response: DiggState,
  onUnauthorized: { prompt: 'like' },
});

export const favoriteAction = defineCall({
  ...write,
  path: '/api/videov2/favorite_action',
  summary: '收藏视频（favorite）或取消收藏（cancel_favorite）',
  body: FavoriteActionBody,
  response: FavoriteState,
  onUnauthorized: { prompt: 'favorite' },
});

export const addFavorite = defineCall({
  ...write,
  path: '/api/videov2/add/favorite',
  summary: '加入收藏；已收藏的不重复计数',
  body: AddFavoriteBody,
  response: FavoriteState,
  onUnauthorized: { prompt: 'favorite' },
});

export const deleteFavorite = defineCall({
  ...write,
  path: '/api/videov2/delete/favorite',
  summary: '取消收藏一个或多个视频（至多 50 个）',
  body: DeleteFavoriteBody,
  response: FavoritesDeleted,
  onUnauthorized: { prompt: 'favorite' },
});

export const getFavorites = defineCall({
  method: 'GET',
  path: '/api/videov2/get/favorite',
  tag: 'favorite',
  summary: '我的收藏，按收藏时间倒序，可按内容类型筛选（游标分页）',
  query: FavoriteListQuery,
  response: FavoriteList,
  signIn: 'required',
  onUnauthorized: { prompt: 'login' },
});

export const searchFavorites = defineCall({
  method: 'GET',
  path: '/api/videov2/search/favorite',
  tag: 'favorite',
  summary: '在我的收藏中按标题搜索',
  query: SearchFavoriteQuery,
  response: FavoriteList,
  // SPEC §6 names no prompt for this call's 401: it redirects to single sign-on.
  signIn: 'required',
});

export const addVote = defineCall({
  ...write,
  path: '/api/videov2/add_vote',
  summary: '在视频的投票中投出一票（每人每个投票一次），返回各选项票数',
  body: AddVoteBody,
  response: VoteResult,
  onUnauthorized: { prompt: 'vote' },
});
