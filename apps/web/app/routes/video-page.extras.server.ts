import type { MelonClient } from '@melon/shared/client/client';
import { loadCrawlerComments } from '~/features/comment/crawler-comments.server.ts';
import { loadSiteLinks } from '~/features/seo/site-links.server.ts';
import { isCrawler } from '~/lib/crawler.ts';

/**
 * What a video page's loader adds for search engines (decision 038): the link blocks at its
 * foot, and for a crawler the first hot comments, which people's browsers fetch themselves.
 */
export async function pageExtras(client: MelonClient, request: Request, groupId: string) {
  const crawler = isCrawler(request.headers.get('user-agent'));
  const [links, comments] = await Promise.all([
    loadSiteLinks(client),
    crawler ? loadCrawlerComments(client, groupId) : undefined,
  ]);
  return { links, comments };
}
