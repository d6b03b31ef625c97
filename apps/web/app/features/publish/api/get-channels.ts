import type { MelonClient } from '@melon/shared/client/client';
import type { ChannelList } from '@melon/shared/contracts/channel';

/** GET /api/channel/list: the channels a video can be published in are among these. */
export function getChannels(client: MelonClient): Promise<ChannelList> {
  return client.get<ChannelList>('/api/channel/list');
}
