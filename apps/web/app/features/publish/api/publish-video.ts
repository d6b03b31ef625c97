import type { MelonClient } from '@melon/shared/client/client';
import type { PublishBody, Published } from '@melon/shared/contracts/publish';

/** POST /api/videov2/publish: the finished upload becomes a video; answers its item id. */
export function publishVideo(client: MelonClient, body: PublishBody): Promise<Published> {
  return client.post<Published>('/api/videov2/publish', body);
}
