import type { MelonClient } from '@melon/shared/client/client';
import type { FeedByIdQuery, FeedPage } from '@melon/shared/contracts/feed';

/** GET /api/feedv2/feedById: one page of a channel's feed. */
export function getFeedById(client: MelonClient, query: FeedByIdQuery): Promise<FeedPage> {
  return client.get<FeedPage>('/api/feedv2/feedById', query);
}
