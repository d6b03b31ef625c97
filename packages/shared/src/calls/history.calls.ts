import {
  AddWatchHistoryBody,
  DeleteHistoryBody,
  HistoryDeleted,
  HistoryDuration,
  HistoryDurationQuery,
  HistoryListQuery,
  HistoryPage,
  HistorySearchQuery,
  SetWatchProgressBody,
} from '../contracts/history.ts';
import { defineCall } from './call.ts';

/*
 * Watch history and resume (SPEC §7 Video, decision 029). The player's writes say 'ignore' to a
 * 401: they run in the background, and a session that ended must not interrupt playback with a
 * prompt or a redirect. Reading and deleting the history open the prompt of SPEC §6.
 */

/** Playback of an item started: it goes to the top of the viewer's history. */
export const addWatchHistory = defineCall({
  method: 'POST',
  path: '/api/videov2/add_watch_history',
  tag: 'history',
  summary: '记录观看（开始播放时）',
  body: AddWatchHistoryBody,
  response: HistoryDuration,
  signIn: 'required',
  onUnauthorized: 'ignore',
  rateLimit: 'watchHistory',
});

/** Where playback is: every 15 s of playback, on pause, on leaving the page and at the end. */
export const setWatchProgress = defineCall({
  method: 'POST',
  path: '/api/videov2/set_watch_progress',
  tag: 'history',
  summary: '上报观看进度（秒）',
  body: SetWatchProgressBody,
  response: HistoryDuration,
  signIn: 'required',
  onUnauthorized: 'ignore',
  rateLimit: 'watchHistory',
});

/** The viewer's history, newest first, of the items they may still see. */
export const getHistory = defineCall({
  method: 'GET',
  path: '/api/videov2/get/history',
  tag: 'history',
  summary: '观看历史（最近观看在前）',
  query: HistoryListQuery,
  response: HistoryPage,
  signIn: 'required',
  onUnauthorized: { prompt: 'login' },
});

/** The entries whose titles contain the keyword; SPEC §6 lists no prompt for its 401. */
export const searchHistory = defineCall({
  method: 'GET',
  path: '/api/videov2/search/history',
  tag: 'history',
  summary: '搜索观看历史（标题）',
  query: HistorySearchQuery,
  response: HistoryPage,
  signIn: 'required',
});

/** Removes the named entries, or all of them. */
export const deleteHistory = defineCall({
  method: 'POST',
  path: '/api/videov2/delete/history',
  tag: 'history',
  summary: '删除观看历史（一条、多条或全部）',
  body: DeleteHistoryBody,
  response: HistoryDeleted,
  signIn: 'required',
  onUnauthorized: { prompt: 'history_delete' },
  rateLimit: 'watchHistory',
});

/** Where the viewer stopped last time (SPEC §4 start position rule 4); null for a visitor. */
export const getHistoryDuration = defineCall({
  method: 'GET',
  path: '/api/videov2/history_duration',
  tag: 'history',
  summary: '上次观看到的位置（秒）',
  query: HistoryDurationQuery,
  response: HistoryDuration,
});
