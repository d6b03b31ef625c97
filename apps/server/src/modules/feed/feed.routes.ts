import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { notFound } from '../../lib/domain-error.ts';
import { answerBytes, sendAnswerBytes } from '../../http/answer-bytes.ts';
import { route } from '../../plugins/app/call-route.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { onItemAccessChanged } from '../../realtime/item-access.ts';
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
/**
 * A signed-in viewer's first page of the recommend feed (the home page's call) is kept for them
 * alone as long (decision 072): asked again within the second, it is the same page of the same
 * list; after that, opening the feed again builds a new list (decision 037).
 */
const OWN_FIRST_PAGES = 5000;

export default async function feedRoutes(app: FastifyInstance): Promise<void> {
  const recommend = createRecommendService({ db: app.db });
  const feed = createFeedService({ db: app.db, newId: app.newId, recommend });
  /** The 200 answer's bytes of each page, or undefined for a channel that does not exist. */
  const answers = createTtlCache<Buffer | undefined>({
    ttlMs: FEED_CACHE_TTL_MS,
    maxEntries: FEED_CACHE_ENTRIES,
  });
  /** Each signed-in viewer's first recommend page, by their id: never shared across users. */
  const ownFirstPages = createTtlCache<Buffer>({
    ttlMs: FEED_CACHE_TTL_MS,
    maxEntries: OWN_FIRST_PAGES,
  });
  // An item fewer may see leaves every kept page at once (on every process).
  await onItemAccessChanged(app, () => {
    answers.clear();
    ownFirstPages.clear();
  });

  route(app, getFeedById, async (input, { reply, user }) => {
    const { channelId, offset = 0, count = DEFAULT_PAGE_SIZE } = input;
    if (user && Number(channelId) === RECOMMEND_CHANNEL_ID) {
      // A signed-in viewer's recommend feed is their own (decision 037): never shared.
      reply.header('cache-control', 'private, no-store');
      const build = async () => {
        const page = await feed.page({
          channelId: RECOMMEND_CHANNEL_ID,
          offset,
          count,
          viewerId: user.id,
        });
        if (!page) throw notFound('频道不存在');
        return answerBytes(reply, page);
      };
      const firstPage = offset === 0 && count === DEFAULT_PAGE_SIZE;
      return sendAnswerBytes(
        reply,
        firstPage ? await ownFirstPages.get(user.id, build) : await build(),
      );
    }
    const answer = await answers.get(`${channelId}:${offset}:${count}`, async () => {
      const page = await feed.page({ channelId: Number(channelId), offset, count, viewerId: null });
      return page && answerBytes(reply, page);
    });
    if (answer === undefined) throw notFound('频道不存在');
    // Made once for every visitor while it is kept.
    return sendAnswerBytes(reply, answer);
  });
}
