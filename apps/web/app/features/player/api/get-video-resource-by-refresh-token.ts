import type { MelonClient } from '@melon/shared/client/client';
import type { VideoResource } from '@melon/shared/contracts/video';

/** GET /api/videov2/getVideoResourceByRefreshToken: fresh signed URLs for an open page. */
export function getVideoResourceByRefreshToken(
  client: MelonClient,
  refreshToken: string,
): Promise<VideoResource> {
  return client.get<VideoResource>('/api/videov2/getVideoResourceByRefreshToken', {
    refreshToken,
  });
}
