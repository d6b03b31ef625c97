import {
  AudioInfo,
  AuthorCursorQuery,
  AuthorHomeAnswer,
  AuthorLiveList,
  AuthorOffsetQuery,
  AuthorQuery,
  AuthorRichInfo,
  AuthorWebUrl,
  CanProduct,
  HotsoonPage,
  NewVideoListQuery,
  PagedVideoList,
  PidAnswer,
  SetPidBody,
} from '../contracts/author.ts';
import { defineCall } from './call.ts';

/*
 * Author pages (SPEC §7 Video and User; decision 043). Every list keeps to the item policy:
 * what the viewer may not see is absent, and the author sees their own hidden items marked.
 */

const video = { method: 'GET', tag: 'author' } as const;

export const getAuthorHome = defineCall({
  ...video,
  path: '/api/videov2/author/home',
  summary: '作者主页：作者信息、标签页与首页各栏（最新视频、小视频、热门、合集）',
  query: AuthorQuery,
  response: AuthorHomeAnswer,
});

export const getHotsoonVideos = defineCall({
  ...video,
  path: '/api/videov2/hotsoon/video',
  summary: '作者的小视频（竖屏），按发布时间倒序（cursor 翻页）',
  query: AuthorCursorQuery,
  response: HotsoonPage,
});

export const getAuthorNewVideos = defineCall({
  ...video,
  path: '/api/videov2/author/new_video_list',
  summary: '作者的视频，按发布时间倒序（cursor 翻页；isHome=1 为首页一栏）',
  query: NewVideoListQuery,
  response: PagedVideoList,
});

export const getAuthorLongVideos = defineCall({
  ...video,
  path: '/api/videov2/author/lvideo',
  summary: '作者的长视频（剧集、电影等专辑），按发布时间倒序',
  query: AuthorCursorQuery,
  response: PagedVideoList,
});

export const getAuthorHotVideos = defineCall({
  ...video,
  path: '/api/videov2/author/hot_video_list',
  summary: '作者播放最多的视频（offset 翻页）',
  query: AuthorOffsetQuery,
  response: PagedVideoList,
});

export const getAuthorLive = defineCall({
  ...video,
  path: '/api/videov2/author/live',
  summary: '作者的直播间（暂无直播：空列表）',
  query: AuthorQuery,
  response: AuthorLiveList,
});

const user = { method: 'GET', tag: 'user' } as const;

export const getAuthorRichInfo = defineCall({
  ...user,
  path: '/api/userv2/author/rich_info',
  summary: '作者信息与其主页的标签页',
  query: AuthorQuery,
  response: AuthorRichInfo,
});

export const getAuthorWebUrl = defineCall({
  ...user,
  path: '/api/userv2/author/web_url',
  summary: '作者主页的地址',
  query: AuthorQuery,
  response: AuthorWebUrl,
});

export const getAudioInfo = defineCall({
  ...user,
  path: '/api/userv2/profile/audio_info',
  summary: '作者的音频作品（Melon 暂无音频：空列表）',
  query: AuthorQuery,
  response: AudioInfo,
});

export const getCanProduct = defineCall({
  ...user,
  path: '/api/userv2/can_product',
  summary: '作者能否开设商品橱窗（Melon 不售卖商品：否）',
  query: AuthorQuery,
  response: CanProduct,
});

export const getPid = defineCall({
  ...user,
  path: '/api/userv2/get/pid',
  summary: '我的个性 ID',
  response: PidAnswer,
  signIn: 'required',
  onUnauthorized: { prompt: 'user_center' },
});

export const setPid = defineCall({
  method: 'POST',
  tag: 'user',
  path: '/api/userv2/set/pid',
  summary: '设置我的个性 ID（4–20 位小写字母、数字或下划线，字母开头，不可与他人重复）',
  body: SetPidBody,
  response: PidAnswer,
  signIn: 'required',
  onUnauthorized: { prompt: 'user_center' },
  rateLimit: 'profileUpdate',
});
