import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { DEFAULT_CHANNELS } from './channel-catalogue.ts';
import { countChannels, insertChannels } from './channel.repository.ts';

/** Gives an empty database the default side menu; a database with channels is left alone. */
export async function ensureDefaultChannels(db: Kysely<Database>, now = Date.now()): Promise<void> {
  if ((await countChannels(db)) > 0) return;
  await insertChannels(
    db,
    DEFAULT_CHANNELS.map((channel, index) => ({
      id: channel.id,
      name: channel.name,
      pinyin: channel.pinyin,
      icon: channel.icon,
      parent_id: null,
      sort_order: index,
      url: 'url' in channel ? channel.url : null,
    })),
    now,
  );
}
