import {
  MixInformation,
  MixInformationQuery,
  PreviewVideo,
  PreviewVideoQuery,
  RefreshTokenQuery,
  VideoDetails,
  VideoDetailsQuery,
  VideoResource,
} from '../contracts/video.ts';
import { defineCall } from './call.ts';

/** One item's details (the to-play page): group_id, or item_id. */
export const getVideoDetails = defineCall({
  method: 'GET',
  path: '/api/videov2/details',
  tag: 'video',
  summary: '视频详情：作者、计数、合集/剧集与签名的播放地址',
  query: VideoDetailsQuery,
  response: VideoDetails,
});

/** The any-video page (SPEC §2): the mixId's type and the details of the item to play. */
export const getMixInformation = defineCall({
  method: 'GET',
  path: '/api/mixVideo/information',
  tag: 'video',
  summary: '任意视频页：视频、合集或剧集（合集与剧集取指定或第一集）',
  query: MixInformationQuery,
  response: MixInformation,
});

/** Fresh signed URLs for a page left open past `url_expire`. */
export const getVideoResourceByRefreshToken = defineCall({
  method: 'GET',
  path: '/api/videov2/getVideoResourceByRefreshToken',
  tag: 'video',
  summary: '用 refreshToken 换取新的签名播放地址',
  query: RefreshTokenQuery,
  response: VideoResource,
});

/** The short muted clip a card plays on hover. */
export const getPreviewVideo = defineCall({
  method: 'GET',
  path: '/api/videov2/getPreviewVideo',
  tag: 'video',
  summary: '悬停预览片段',
  query: PreviewVideoQuery,
  response: PreviewVideo,
});
