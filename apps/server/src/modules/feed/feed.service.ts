import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { FeedPage } from '@melon/shared/contracts/feed';
import { RECOMMEND_CHANNEL_ID } from '../channel/channel-catalogue.ts';
import { findChannelById } from '../channel/channel.repository.ts';
import { presentFeedCell } from './feed.presenter.ts';
import { listFeedItems } from './feed.repository.ts';

export interface FeedPageQuery {
  channelId: number;
  offset: number;
  count: number;
}

export interface FeedService {
  /**
   * One page of a channel's feed, or undefined when the channel does not exist. The impression
   * id (`logPb.impr_id`) names the built page.
   */
  page(query: FeedPageQuery): Promise<FeedPage | undefined>;
}

export interface FeedServiceDeps {
  db: Kysely<Database>;
  newId: () => string;
}

export function createFeedService({ db, newId }: FeedServiceDeps): FeedService {
  async function page({ channelId, offset, count }: FeedPageQuery): Promise<FeedPage | undefined> {
    const channel = await findChannelById(db, channelId);
    if (!channel) return undefined;
    // One row past the page tells whether another page exists.
    const rows = await listFeedItems(db, {
      channelId: channel.id === RECOMMEND_CHANNEL_ID ? undefined : channel.id,
      offset,
      limit: count + 1,
    });
    const cells = rows.slice(0, count);
    const imprId = newId();
    return {
      channelId: String(channelId),
      list: cells.map((row, index) => presentFeedCell(row, offset + index, imprId)),
      hasMore: rows.length > count,
      offset: offset + cells.length,
    };
  }

  return { page };
}
