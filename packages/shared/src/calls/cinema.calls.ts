import {
  AlbumDetails,
  AlbumDetailsQuery,
  CinemaAlbumsBody,
  CinemaAlbumsPage,
  CinemaBanners,
  CinemaCategoryQuery,
  CinemaChannels,
  CinemaClusterQuery,
  CinemaClusters,
  CinemaFeedPage,
  CinemaFeedQuery,
  CinemaFilterCategory,
  MaterialConfig,
  MaterialConfigQuery,
} from '../contracts/cinema.ts';
import { defineCall } from './call.ts';

/** The filter page's category row (电影, 电视剧, 动漫, …): pinyin ↔ album type. */
export const getCinemaChannels = defineCall({
  method: 'GET',
  path: '/api/cinema/filterv2/channel/tcc',
  tag: 'cinema',
  summary: '片库分类（筛选页的频道行）',
  response: CinemaChannels,
});

/** The filter rows of one category: 类型, 地区, 年份, 付费, 排序. */
export const getCinemaCategory = defineCall({
  method: 'GET',
  path: '/api/cinema/filterv2/category',
  tag: 'cinema',
  summary: '一个分类的筛选项',
  query: CinemaCategoryQuery,
  response: CinemaFilterCategory,
});

/** One page of a category's albums under combined filters, in a stable order. */
export const filterCinemaAlbums = defineCall({
  method: 'POST',
  path: '/api/cinema/filterv2/albums',
  tag: 'cinema',
  summary: '按筛选条件分页列出专辑',
  body: CinemaAlbumsBody,
  response: CinemaAlbumsPage,
});

/** A cinema category's feed: albums, their short clips, or both. */
export const getCinemaFeed = defineCall({
  method: 'GET',
  path: '/api/cinema/feed/feedById',
  tag: 'cinema',
  summary: '片库分类的视频流（专辑、片花）',
  query: CinemaFeedQuery,
  response: CinemaFeedPage,
});

/** The cinema home's rows: one per category, its hottest albums. */
export const getCinemaClusters = defineCall({
  method: 'GET',
  path: '/api/cinema/feed/cluster',
  tag: 'cinema',
  summary: '片库首页的分类行',
  query: CinemaClusterQuery,
  response: CinemaClusters,
});

/** The cinema home's carousel. */
export const getYBanner = defineCall({
  method: 'GET',
  path: '/api/videov2/getYBanner',
  tag: 'cinema',
  summary: '片库首页轮播图',
  response: CinemaBanners,
});

/** The cinema home's entry tiles. */
export const getMaterialConfig = defineCall({
  method: 'GET',
  path: '/api/channel/getMaterialConfig',
  tag: 'cinema',
  summary: '片库首页的入口位',
  query: MaterialConfigQuery,
  response: MaterialConfig,
});

/** An album's details by blocks (info, episodes, related). */
export const getAlbumDetails = defineCall({
  method: 'GET',
  path: '/api/albumv2/details',
  tag: 'cinema',
  summary: '专辑详情（按区块）',
  query: AlbumDetailsQuery,
  response: AlbumDetails,
});
