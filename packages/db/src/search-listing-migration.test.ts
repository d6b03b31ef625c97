import { afterEach, expect, it } from 'vitest';
import { ItemType, Visibility } from './enums.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import type { OpenedDatabase } from './open-database.ts';
import { createTestDatabase } from './testing.ts';
import { LISTING_COPY_COLUMNS } from './tables/search.ts';

/*
 * Migration 030 (decision 071) on a site indexed before it: every item document takes its
 * item's listing values and media state, a user's document none, and the triggers keep them
 * from then on.
 */

const NOW = 1_795_000_000_000;
const BEFORE = '2026-12-07-029-danmaku-report-once';
const USER = '7300000000000000001';
const [PLAIN, PROCESSING] = ['7300000000000000010', '7300000000000000011'];

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const copyOf = (refId: string) =>
  opened?.db
    .selectFrom('search_docs')
    .select(LISTING_COPY_COLUMNS)
    .where('ref_id', '=', refId)
    .executeTakeFirstOrThrow();

it('copies each indexed item’s listing values into its document, then keeps them', async () => {
  opened = await createTestDatabase({ migrate: false });
  const { db } = opened;
  await migrateTo(db, BEFORE);
  await db.insertInto('users').values({ id: USER, name: '作者', created_at: NOW }).execute();
  await db
    .insertInto('channels')
    .values({ id: 1, name: '推荐', pinyin: 'tuijian', created_at: NOW })
    .execute();
  await db
    .insertInto('items')
    .values(
      [PLAIN, PROCESSING].map((id, n) => ({
        id,
        item_type: ItemType.ShortVideo,
        visibility: Visibility.All,
        user_id: USER,
        channel_id: 1,
        title: '标题',
        duration_ms: 90_000 + n,
        publish_time: NOW - n,
        behot_time: NOW,
        play_count: 7 + n,
        digg_count: 3,
        favorite_count: 2,
        created_at: NOW,
        updated_at: NOW,
      })),
    )
    .execute();
  await db
    .insertInto('item_media')
    .values({ item_id: PROCESSING, source_path: '/source.mp4', created_at: NOW, updated_at: NOW })
    .execute();
  await db
    .insertInto('search_docs')
    .values(
      [
        ['item', PLAIN],
        ['item', PROCESSING],
        ['user', USER],
      ].map(([kind, ref_id]) => ({
        kind: kind as 'item' | 'user',
        ref_id: ref_id ?? '',
        tokens: ' 标 ',
        title_tokens: ' 标 ',
        token_count: 1,
      })),
    )
    .execute();

  await migrateToLatest(db);
  const listing = {
    visibility: Visibility.All,
    item_type: ItemType.ShortVideo,
    digg_count: 3,
    favorite_count: 2,
  };
  expect(await copyOf(PLAIN)).toEqual({
    ...listing,
    duration_ms: 90_000,
    publish_time: NOW,
    play_count: 7,
    media_state: null,
  });
  expect(await copyOf(PROCESSING)).toEqual({
    ...listing,
    duration_ms: 90_001,
    publish_time: NOW - 1,
    play_count: 8,
    media_state: 'processing',
  });
  expect(Object.values((await copyOf(USER)) ?? {})).toEqual(Array(8).fill(null));

  await db
    .updateTable('items')
    .set({ visibility: Visibility.Self, play_count: 9 })
    .where('id', '=', PLAIN)
    .execute();
  await db
    .updateTable('item_media')
    .set({ state: 'ready' })
    .where('item_id', '=', PROCESSING)
    .execute();
  expect(await copyOf(PLAIN)).toMatchObject({ visibility: Visibility.Self, play_count: 9 });
  expect(await copyOf(PROCESSING)).toMatchObject({ media_state: 'ready' });
});
