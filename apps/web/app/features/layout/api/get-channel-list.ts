import type { MelonClient } from '@melon/shared/client/client';
import type { ChannelList } from '@melon/shared/contracts/channel';

/** GET /api/channel/list: the side-menu channels in menu order. */
export function getChannelList(client: MelonClient): Promise<ChannelList> {
  return client.get<ChannelList>('/api/channel/list');
}
