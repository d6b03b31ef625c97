import type { MelonClient } from '@melon/shared/client/client';
import type { VideoDetails, VideoDetailsQuery } from '@melon/shared/contracts/video';

/** GET /api/videov2/details: one item's details (the to-play page). */
export function getVideoDetails(
  client: MelonClient,
  query: VideoDetailsQuery,
): Promise<VideoDetails> {
  return client.get<VideoDetails>('/api/videov2/details', query);
}
