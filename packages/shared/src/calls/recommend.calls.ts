import { RelatedVideos, RelatedVideosQuery } from '../contracts/recommend.ts';
import { defineCall } from './call.ts';

/** The short videos related to one (the video page's side list). */
export const getShortVideoRelated = defineCall({
  method: 'GET',
  path: '/api/videov2/get_short_video_related',
  tag: 'video',
  summary: '相关视频：同场观看、相同标签与标题相近的短视频',
  query: RelatedVideosQuery,
  response: RelatedVideos,
});
