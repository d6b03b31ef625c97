import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType, Visibility } from '@melon/db/enums';

let counter = 0;

/** Inserts a user with plausible defaults; returns its id. */
export async function createUser(
  db: Kysely<Database>,
  newId: () => string,
  overrides: Partial<{ name: string }> = {},
): Promise<string> {
  const id = newId();
  counter += 1;
  await db
    .insertInto('users')
    .values({
      id,
      name: overrides.name ?? `测试作者${counter}`,
      description: '',
      avatar_url: '',
      user_auth_info: null,
      followers_count: 0,
      following_count: 0,
      video_count: 0,
      created_at: Date.now(),
    })
    .execute();
  return id;
}

export interface ItemOverrides {
  title: string;
  channelId: number;
  itemType: ItemType;
  visibility: Visibility;
  behotTime: number;
  playCount: number;
  isTop: boolean;
}

/** Inserts an item with plausible defaults; returns its id. */
export async function createItem(
  db: Kysely<Database>,
  newId: () => string,
  userId: string,
  overrides: Partial<ItemOverrides> = {},
): Promise<string> {
  const id = newId();
  const time = overrides.behotTime ?? Date.now();
  await db
    .insertInto('items')
    .values({
      id,
      item_type: overrides.itemType ?? ItemType.ShortVideo,
      visibility: overrides.visibility ?? Visibility.All,
      user_id: userId,
      channel_id: overrides.channelId ?? 2,
      title: overrides.title ?? `测试视频 ${id}`,
      abstract: '简介',
      duration_ms: 61_500,
      cover_large_uri: `covers/${id}-large.webp`,
      cover_middle_uri: `covers/${id}-middle.webp`,
      preview_uri: null,
      publish_time: time,
      behot_time: time,
      play_count: overrides.playCount ?? 123_456,
      comment_count: 0,
      digg_count: 0,
      favorite_count: 0,
      danmaku_count: 0,
      is_top: overrides.isTop ? 1 : 0,
      hide_type: 0,
      is_vr: 0,
      created_at: time,
      updated_at: time,
    })
    .execute();
  return id;
}
