import { FeedByIdQuery, FeedPage } from '../contracts/feed.ts';
import { defineCall } from './call.ts';

/** One page of a channel's feed (the recommend channel is the whole site). */
export const getFeedById = defineCall({
  method: 'GET',
  path: '/api/feedv2/feedById',
  tag: 'feed',
  summary: '频道视频流（推荐频道为全站）',
  query: FeedByIdQuery,
  response: FeedPage,
});
