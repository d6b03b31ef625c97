import type { Channel } from '@melon/shared/contracts/channel';
import type { ChannelRow } from './channel.repository.ts';

export const presentChannel = (row: ChannelRow): Channel => ({
  channelId: String(row.id),
  name: row.name,
  pinyin: row.pinyin,
  parentId: row.parent_id === null ? null : String(row.parent_id),
  url: row.url,
  icon: row.icon,
});
