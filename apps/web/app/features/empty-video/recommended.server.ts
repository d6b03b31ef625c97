import { getFeedById } from '@melon/shared/calls/feed.calls';
import type { MelonClient } from '@melon/shared/client/client';
import type { FeedCell } from '@melon/shared/contracts/feed';
import { HOME_CHANNEL_ID } from '~/lib/paths.ts';

/** One row of four on a computer, two rows of two on a phone. */
const RECOMMENDED_COUNT = 4;

/** The home feed's first videos, offered instead of a missing one; none if the feed fails. */
export function loadRecommendedVideos(client: MelonClient): Promise<FeedCell[]> {
  return client
    .call(getFeedById, { channelId: HOME_CHANNEL_ID, offset: 0, count: RECOMMENDED_COUNT })
    .then(
      (page) => page.list,
      (error: unknown) => {
        console.error('melon web: recommendations for a missing video failed', error);
        return [];
      },
    );
}
