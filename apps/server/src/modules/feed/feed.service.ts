import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { FeedPage } from '@melon/shared/contracts/feed';
import { RECOMMEND_CHANNEL_ID } from '../channel/channel-catalogue.ts';
import { findChannelById } from '../channel/channel.repository.ts';
import type { RecommendService } from '../recommend/recommend.service.ts';
import { presentFeedCell } from './feed.presenter.ts';
import {
  FEED_ITEM_TYPES,
  listFeedItems,
  listFeedItemsIn,
  type FeedRow,
} from './feed.repository.ts';

export interface FeedPageQuery {
  channelId: number;
  offset: number;
  count: number;
  /** The signed-in viewer, whose recommend feed is their own; null for a visitor. */
  viewerId: string | null;
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
  recommend: RecommendService;
}

export function createFeedService({ db, newId, recommend }: FeedServiceDeps): FeedService {
  /**
   * The recommend channel's page: the ids of the recommend list (decision 037), each read again
   * through the policy, so an item hidden since the list was built is left out at once.
   */
  async function recommendPage({ offset, count, viewerId }: FeedPageQuery) {
    const { ids, hasMore } = await recommend.feedPage({
      viewerId,
      itemTypes: FEED_ITEM_TYPES,
      offset,
      count,
    });
    const rows = new Map((await listFeedItemsIn(db, ids)).map((row) => [row.id, row]));
    const cells = ids.flatMap((id) => rows.get(id) ?? []);
    return { cells, hasMore, nextOffset: offset + ids.length };
  }

  /** A channel's page, newest first; one row past the page tells whether another exists. */
  async function channelPage(channelId: number, { offset, count }: FeedPageQuery) {
    const rows = await listFeedItems(db, { channelId, offset, limit: count + 1 });
    const cells: FeedRow[] = rows.slice(0, count);
    return { cells, hasMore: rows.length > count, nextOffset: offset + cells.length };
  }

  async function page(query: FeedPageQuery): Promise<FeedPage | undefined> {
    const channel = await findChannelById(db, query.channelId);
    if (!channel) return undefined;
    const { cells, hasMore, nextOffset } =
      channel.id === RECOMMEND_CHANNEL_ID
        ? await recommendPage(query)
        : await channelPage(channel.id, query);
    const imprId = newId();
    return {
      channelId: String(query.channelId),
      list: cells.map((row, index) => presentFeedCell(row, query.offset + index, imprId)),
      hasMore,
      offset: nextOffset,
    };
  }

  return { page };
}
