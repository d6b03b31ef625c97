import { SeoLinkBlocks, SeoLinkList, SeoLinksQuery } from '../contracts/seo.ts';
import { defineCall } from './call.ts';

/*
 * SEO links (SPEC §7 SEO and otherv2/links, decision 038): the link blocks under the home and
 * video pages, the same for everyone, so crawlers reach the hot videos and authors by links.
 */

/** The authors most played in the last day (then the most followed). */
export const getHotAuthors = defineCall({
  method: 'GET',
  path: '/api/seo/get-hot-authors',
  tag: 'seo',
  summary: '热门作者链接',
  query: SeoLinksQuery,
  response: SeoLinkList,
});

/** The videos trending now (plays of the last day, decayed), then the most played. */
export const getHotSpots = defineCall({
  method: 'GET',
  path: '/api/seo/get-hot-spots',
  tag: 'seo',
  summary: '热点视频链接',
  query: SeoLinksQuery,
  response: SeoLinkList,
});

/** The videos carrying the newest polls (投票). */
export const getVoteLinks = defineCall({
  method: 'GET',
  path: '/api/seo/get-vote-links',
  tag: 'seo',
  summary: '投票视频链接',
  query: SeoLinksQuery,
  response: SeoLinkList,
});

/** All blocks at once: hot videos, hot authors, polls and channels. */
export const getSiteLinks = defineCall({
  method: 'GET',
  path: '/api/otherv2/links',
  tag: 'seo',
  summary: '页脚链接（热点、热门作者、投票、频道）',
  response: SeoLinkBlocks,
});
