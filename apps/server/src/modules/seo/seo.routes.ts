import type { FastifyInstance } from 'fastify';
import {
  getHotAuthors,
  getHotSpots,
  getSiteLinks,
  getVoteLinks,
} from '@melon/shared/calls/seo.calls';
import {
  SEO_LINKS_DEFAULT,
  type SeoLinkBlocks,
  type SeoLinkList,
} from '@melon/shared/contracts/seo';
import { fieldMessageFormatter } from '../../http/field-messages.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { route } from '../../plugins/app/call-route.ts';
import { seoFieldMessages } from './seo.messages.ts';
import { createSeoService } from './seo.service.ts';

/**
 * The link blocks are the same for everyone and change with the day's plays: each answer is made
 * at most once a minute (decision 038), and a browser may keep it as long.
 */
const LINKS_TTL_MS = 60_000;
const CACHE_CONTROL = 'public, max-age=60';

/** SEO link calls (SPEC §7 SEO and otherv2/links, decision 038). */
export default function seoRoutes(app: FastifyInstance): void {
  app.setSchemaErrorFormatter(fieldMessageFormatter(seoFieldMessages));
  const seo = createSeoService({ db: app.db });
  const lists = createTtlCache<SeoLinkList>({ ttlMs: LINKS_TTL_MS, maxEntries: 200 });
  const blocks = createTtlCache<SeoLinkBlocks>({ ttlMs: LINKS_TTL_MS, maxEntries: 1 });

  const listRoute = (
    call: typeof getHotAuthors | typeof getHotSpots | typeof getVoteLinks,
    load: (count: number) => Promise<SeoLinkList>,
  ) => {
    route(app, call, ({ count = SEO_LINKS_DEFAULT }, { reply }) => {
      reply.header('cache-control', CACHE_CONTROL);
      return lists.get(`${call.path}:${count}`, () => load(count));
    });
  };
  listRoute(getHotSpots, seo.hotSpots);
  listRoute(getHotAuthors, seo.hotAuthors);
  listRoute(getVoteLinks, seo.voteLinks);

  route(app, getSiteLinks, (_input, { reply }) => {
    reply.header('cache-control', CACHE_CONTROL);
    return blocks.get('all', () => seo.blocks());
  });
}
