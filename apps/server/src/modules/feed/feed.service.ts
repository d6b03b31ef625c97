import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { FeedPage } from '@melon/shared/contracts/feed';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { RECOMMEND_CHANNEL_ID } from '../channel/channel-catalogue.ts';
import { findChannelById } from '../channel/channel.repository.ts';
import { presentFeedCell } from './feed.presenter.ts';
import { listFeedItems } from './feed.repository.ts';

/**
 * Feed pages are the hottest read of the site and the same for every visitor, so each page is
 * built once a second at most and shared (a micro-cache): a new item shows up within a second.
 * The impression id (`logPb.impr_id`) names the built page.
 */
export const FEED_CACHE_TTL_MS = 1000;
const FEED_CACHE_ENTRIES = 2000;

export interface FeedPageQuery {
  channelId: number;
  offset: number;
  count: number;
}

export interface FeedService {
  /** One page of a channel's feed, or undefined when the channel does not exist. */
  page(query: FeedPageQuery): Promise<FeedPage | undefined>;
}

export function createFeedService(db: Kysely<Database>, newId: () => string): FeedService {
  const cache = createTtlCache<FeedPage | undefined>({
    ttlMs: FEED_CACHE_TTL_MS,
    maxEntries: FEED_CACHE_ENTRIES,
  });

  async function build({ channelId, offset, count }: FeedPageQuery): Promise<FeedPage | undefined> {
    const channel = await findChannelById(db, channelId);
    if (!channel) return undefined;
    // One row past the page tells whether another page exists.
    const rows = await listFeedItems(db, {
      channelId: channel.id === RECOMMEND_CHANNEL_ID ? undefined : channel.id,
      offset,
      limit: count + 1,
    });
    const page = rows.slice(0, count);
    const imprId = newId();
    return {
      channelId: String(channelId),
      list: page.map((row, index) => presentFeedCell(row, offset + index, imprId)),
      hasMore: rows.length > count,
      offset: offset + page.length,
    };
  }

  return {
    page: (query) =>
      cache.get(`${query.channelId}:${query.offset}:${query.count}`, () => build(query)),
  };
}
