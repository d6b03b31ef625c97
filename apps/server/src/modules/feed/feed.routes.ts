import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { notFound } from '../../lib/domain-error.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../plugins/app/call-route.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { RECOMMEND_CHANNEL_ID } from '../channel/channel-catalogue.ts';
import { createRecommendService } from '../recommend/recommend.service.ts';
import { createFeedService } from './feed.service.ts';

/**
 * Feed pages are the hottest read of the site and the same for every visitor, so each answer is
 * built and serialised once a second at most and its bytes shared (a micro-cache): a new item
 * shows up within a second. Per-viewer fields, when they come, are merged after it (decision 003).
 */
const FEED_CACHE_TTL_MS = 1000;
const FEED_CACHE_ENTRIES = 2000;

export default function feedRoutes(app: FastifyInstance): void {
  const recommend = createRecommendService({ db: app.db });
  const feed = createFeedService({ db: app.db, newId: app.newId, recommend });
  /** The serialised 200 answer of each page, or undefined for a channel that does not exist. */
  const answers = createTtlCache<ReturnType<FastifyReply['serialize']> | undefined>({
    ttlMs: FEED_CACHE_TTL_MS,
    maxEntries: FEED_CACHE_ENTRIES,
  });

  route(app, getFeedById, async (input, { reply, user }) => {
    const { channelId, offset = 0, count = DEFAULT_PAGE_SIZE } = input;
    if (user && Number(channelId) === RECOMMEND_CHANNEL_ID) {
      // A signed-in viewer's recommend feed is their own (decision 037): never shared.
      reply.header('cache-control', 'private, no-store');
      const page = await feed.page({
        channelId: RECOMMEND_CHANNEL_ID,
        offset,
        count,
        viewerId: user.id,
      });
      if (!page) throw notFound('频道不存在');
      return page;
    }
    const answer = await answers.get(`${channelId}:${offset}:${count}`, async () => {
      const page = await feed.page({ channelId: Number(channelId), offset, count, viewerId: null });
      return page && reply.serialize(ok(page));
    });
    if (answer === undefined) throw notFound('频道不存在');
    // Serialised bytes with a JSON type are sent as they are: once for every visitor.
    return reply.type('application/json; charset=utf-8').send(answer);
  });
}
