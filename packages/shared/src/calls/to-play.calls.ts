import {
  ToPlayCardsQuery,
  ToPlayClearBody,
  ToPlayItemBody,
  ToPlayList,
  ToPlayMergeBody,
} from '../contracts/to-play.ts';
import { defineCall } from './call.ts';

/*
 * The to-play basket 待播 (issue 15, decision 051). SPEC §7 names no basket calls: these are
 * Melon's own, beside the video calls. The basket calls are signed in; a visitor's basket is
 * kept in the browser, shown through `cards` and sent to `merge` on sign-in.
 */

const signedIn = {
  tag: 'to-play',
  signIn: 'required',
  onUnauthorized: { prompt: 'favorite' },
} as const;

/**
 * The basket's own reads run in the background (the header's basket, a page's first paint): a
 * 401 there, a session ended elsewhere, must not pop a sign-in prompt over what the person is
 * doing; their next action on the basket prompts.
 */
const backgroundRead = { ...signedIn, onUnauthorized: 'ignore' } as const;

export const getToPlayList = defineCall({
  ...backgroundRead,
  method: 'GET',
  path: '/api/videov2/toplay/list',
  summary: '我的待播，按加入顺序',
  response: ToPlayList,
});

export const getToPlayCards = defineCall({
  method: 'GET',
  path: '/api/videov2/toplay/cards',
  tag: 'to-play',
  summary: '按给出的顺序取待播条目（访客本地保存的待播）；看不到的不返回',
  query: ToPlayCardsQuery,
  response: ToPlayList,
});

const write = { ...signedIn, method: 'POST', rateLimit: 'reaction' } as const;

export const addToPlay = defineCall({
  ...write,
  path: '/api/videov2/toplay/add',
  summary: '把视频或影视加入待播末尾；已在其中的不动',
  body: ToPlayItemBody,
  response: ToPlayList,
});

export const removeToPlay = defineCall({
  ...write,
  path: '/api/videov2/toplay/remove',
  summary: '移出待播',
  body: ToPlayItemBody,
  response: ToPlayList,
});

export const clearToPlay = defineCall({
  ...write,
  path: '/api/videov2/toplay/clear',
  summary: '清空待播',
  body: ToPlayClearBody,
  response: ToPlayList,
});

export const mergeToPlay = defineCall({
  ...write,
  path: '/api/videov2/toplay/merge',
  summary: '登录后并入访客本地的待播：按原顺序接在末尾，去重，超出上限的不加入',
  body: ToPlayMergeBody,
  response: ToPlayList,
});
