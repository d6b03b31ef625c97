import type { MelonClient } from '@melon/shared/client/client';
import type { Channel } from '@melon/shared/contracts/channel';

/** GET /api/channel/by_pinyin: the channel of a /channel/:name page (404 when unknown). */
export function getChannelByPinyin(client: MelonClient, pinyin: string): Promise<Channel> {
  return client.get<Channel>('/api/channel/by_pinyin', { pinyin });
}
