import {
  AuthorOffsetQuery,
  GetPseriesAnswer,
  GetPseriesQuery,
  PseriesInfoAnswer,
  PseriesInfoQuery,
  PseriesMoreAnswer,
  PseriesMoreQuery,
  SeriesIdParams,
  SeriesInfo,
  SeriesItemsAnswer,
  SeriesItemsParams,
  SeriesItemsQuery,
  SeriesListAnswer,
  SeriesListQuery,
  SeriesPage,
} from '../contracts/author.ts';
import { defineCall } from './call.ts';

/*
 * Series (合集, item type 26) and pseries (149) (SPEC §7 Video; decision 044): ordered entries,
 * each kept to the item policy.
 */

const get = { method: 'GET', tag: 'series' } as const;

export const getPreviewSeries = defineCall({
  ...get,
  path: '/api/videov2/preview/series',
  summary: '作者主页首页的合集一栏',
  query: AuthorOffsetQuery,
  response: SeriesPage,
});

export const getSeriesList = defineCall({
  ...get,
  path: '/api/videov2/series/list',
  summary: '作者的合集（Cursor 翻页，从 "0" 开始）',
  query: SeriesListQuery,
  response: SeriesListAnswer,
});

export const getSeriesItems = defineCall({
  ...get,
  path: '/api/videov2/list/series_items/:SeriesID/:Cursor',
  summary: '合集的视频，按合集顺序（Cursor 为已取条数）',
  params: SeriesItemsParams,
  response: SeriesItemsAnswer,
});

export const getSeriesItemsByQuery = defineCall({
  ...get,
  path: '/api/videov2/list/series_items',
  summary: '合集的视频（查询参数形式，Cursor 默认 0）',
  query: SeriesItemsQuery,
  response: SeriesItemsAnswer,
});

export const getSeriesInfo = defineCall({
  ...get,
  path: '/api/videov2/series_info/:SeriesID',
  summary: '合集信息：标题、简介、封面与作者',
  params: SeriesIdParams,
  response: SeriesInfo,
});

export const getPseries = defineCall({
  ...get,
  path: '/api/videov2/get_pseries',
  summary: '视频所在的选集（pseries）',
  query: GetPseriesQuery,
  response: GetPseriesAnswer,
});

export const getPseriesInfo = defineCall({
  ...get,
  path: '/api/videov2/pseries_info_v2',
  summary: '选集信息与第一页视频（newVersion=1）',
  query: PseriesInfoQuery,
  response: PseriesInfoAnswer,
});

export const getPseriesMore = defineCall({
  ...get,
  path: '/api/videov2/pseries_more_v2',
  summary: '选集的更多视频（offset 翻页）',
  query: PseriesMoreQuery,
  response: PseriesMoreAnswer,
});

export const getAuthorPseries = defineCall({
  ...get,
  path: '/api/videov2/author_pseries',
  summary: '作者的选集（offset 翻页）',
  query: AuthorOffsetQuery,
  response: SeriesPage,
});

export const getAuthorSeries = defineCall({
  ...get,
  path: '/api/videov2/author_series',
  summary: '作者的合集（offset 翻页）',
  query: AuthorOffsetQuery,
  response: SeriesPage,
});
