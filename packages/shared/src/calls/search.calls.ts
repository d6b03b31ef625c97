import {
  AllAlbumLink,
  AssociativeParams,
  AuthorVideosQuery,
  ClearSearchHistoryBody,
  HotWordList,
  KeywordQuery,
  SearchExtraParams,
  SearchHistoryCleared,
  SearchHistoryList,
  SearchItemList,
  SearchPanelDetail,
  SearchParams,
  SearchQuery,
  SearchResults,
  SearchSnapshot,
  SearchSnapshotQuery,
  SearchWord,
  SearchWordList,
  SuggestWordsQuery,
} from '../contracts/search.ts';
import { defineCall } from './call.ts';

/*
 * Search (SPEC §7 Search; decision 036). The result list is served on the search host (the main
 * host, or siteConfig.searchConfig.switchHost when the main one fails); the words around the box
 * fail silently to empty lists on the page (SPEC §8).
 */

/** One page of a search's results, in the SPEC §3 slices. */
export const searchResults = defineCall({
  method: 'GET',
  path: '/searchv2/:type/:keyword/:page',
  tag: 'search',
  summary: '搜索结果（综合、视频、影视、合集、用户）',
  params: SearchParams,
  query: SearchQuery,
  response: SearchResults,
  rateLimit: 'search',
});

/** The same page, with the query-correction level of /search/:keyword/:qc. */
export const searchResultsWithExtra = defineCall({
  method: 'GET',
  path: '/searchv2/:type/:keyword/:page/:extra',
  tag: 'search',
  summary: '搜索结果（带纠错级别）',
  params: SearchExtraParams,
  query: SearchQuery,
  response: SearchResults,
  rateLimit: 'search',
});

/** As-you-type completions of what the box holds, pinyin prefixes included. */
export const getAssociativeWords = defineCall({
  method: 'GET',
  path: '/api/searchv2/associative/:word',
  tag: 'search',
  summary: '搜索联想词',
  params: AssociativeParams,
  response: SearchWordList,
});

/** 猜你想搜: words for a viewer who has not typed yet, near the video they came from. */
export const getSuggestWords = defineCall({
  method: 'GET',
  path: '/search_api/suggest_words/',
  tag: 'search',
  summary: '猜你想搜',
  query: SuggestWordsQuery,
  response: SearchWordList,
});

/** The hot words, word and id (SPEC §7). */
export const getSearchHotWords = defineCall({
  method: 'GET',
  path: '/search_api/hot_words/',
  tag: 'search',
  summary: '搜索热词',
  response: SearchWordList,
});

/** The hot list: the last 24 hours' searches and plays. */
export const getHotWords = defineCall({
  method: 'GET',
  path: '/api/otherv2/get-hot-words',
  tag: 'search',
  summary: '热搜榜（近 24 小时的搜索与播放）',
  response: HotWordList,
});

/** The box's placeholder word. */
export const getSearchPreset = defineCall({
  method: 'GET',
  path: '/api/searchv2/preset',
  tag: 'search',
  summary: '搜索框预置词',
  response: SearchWord,
});

/** What the box shows when it opens empty: the viewer's history and the hot words. */
export const getSearchPanelDetail = defineCall({
  method: 'GET',
  path: '/api/searchv2/search_panel_detail',
  tag: 'search',
  summary: '搜索面板（历史与热词）',
  response: SearchPanelDetail,
});

/** Where all the long videos of a search are, and how many. */
export const getAllAlbumLink = defineCall({
  method: 'GET',
  path: '/api/searchv2/all_album_link',
  tag: 'search',
  summary: '搜索结果的全部影视链接',
  query: KeywordQuery,
  response: AllAlbumLink,
});

/** Long videos to offer when a search finds none: the most played. */
export const getRecommendLvideo = defineCall({
  method: 'GET',
  path: '/searchv2/recommend/lvideo',
  tag: 'search',
  summary: '搜索推荐影视',
  response: SearchItemList,
});

/** An author's newest videos, under their card in the results. */
export const getAuthorVideos = defineCall({
  method: 'GET',
  path: '/searchv2/author_videos',
  tag: 'search',
  summary: '搜索结果中作者的最新视频',
  query: AuthorVideosQuery,
  response: SearchItemList,
});

/** Recipe cards (SPEC card kind xiguaRecipe): Melon has no recipes, so none (decision 036). */
export const getXiguaRecipe = defineCall({
  method: 'GET',
  path: '/searchv2/extra/xigua_recipe',
  tag: 'search',
  summary: '搜索结果的菜谱卡片（无）',
  query: KeywordQuery,
  response: SearchItemList,
});

/** A signed-in viewer's recent searches; the page shows a visitor's from the browser. */
export const getSearchHistory = defineCall({
  method: 'GET',
  path: '/api/searchv2/history',
  tag: 'search',
  summary: '搜索历史（最近在前）',
  response: SearchHistoryList,
  signIn: 'required',
  onUnauthorized: 'ignore',
});

/** Clears the named words of the search history, or all of it. */
export const clearSearchHistory = defineCall({
  method: 'POST',
  path: '/api/searchv2/history/clear',
  tag: 'search',
  summary: '清除搜索历史（部分或全部）',
  body: ClearSearchHistoryBody,
  response: SearchHistoryCleared,
  signIn: 'required',
  onUnauthorized: 'ignore',
});

/** The search debug page: tokens and score parts; operators only. */
export const getSearchSnapshot = defineCall({
  method: 'GET',
  path: '/api/admin/others/get_snap_shot',
  tag: 'search',
  summary: '搜索调试快照（仅运营）',
  query: SearchSnapshotQuery,
  response: SearchSnapshot,
  signIn: 'required',
  onUnauthorized: 'ignore',
});
