import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { ItemType, Visibility } from './enums.ts';
import type { OpenedDatabase } from './open-database.ts';
import { createTestDatabase } from './testing.ts';

const NOW = 1_795_000_000_000;
const ALICE = '7300000000000000001';
const BOB = '7300000000000000002';
const GAME = 4;
const LIVE = 109;

/** Item id suffix, behot offset in minutes, visibility, channel, author. */
const ROWS: [string, number, Visibility, number, string][] = [
  ['01', 1, Visibility.All, GAME, ALICE],
  ['02', 2, Visibility.Self, GAME, ALICE],
  ['03', 3, Visibility.AllPartLimitFeed, GAME, BOB],
  ['04', 4, Visibility.Delete, GAME, BOB],
  ['05', 5, Visibility.All69, GAME, ALICE],
  ['06', 6, Visibility.All, LIVE, BOB],
  ['07', 7, Visibility.All, GAME, BOB],
  ['08', 7, Visibility.All, GAME, ALICE],
];

const itemId = (suffix: string) => `74000000000000000${suffix}`;

/** The visibility filter is the test's own: who sees what is apps/server's item policy. */
function feedPage(db: Kysely<Database>, channelId: number, limit: number, offset: number) {
  return db
    .selectFrom('items')
    .innerJoin('users', 'users.id', 'items.user_id')
    .where('items.channel_id', '=', channelId)
    .where('items.visibility', '>=', Visibility.All)
    .orderBy('items.behot_time', 'desc')
    .orderBy('items.id', 'desc')
    .limit(limit)
    .offset(offset)
    .select([
      'items.id',
      'items.title',
      'items.behot_time',
      'items.play_count',
      'items.is_top',
      'users.id as user_id',
      'users.name as user_name',
      'users.followers_count',
    ])
    .execute();
}

describe('feed-shaped query', () => {
  let opened: OpenedDatabase;

  beforeAll(async () => {
    opened = await createTestDatabase();
    const { db } = opened;
    // Rows of one multi-row insert carry the same keys: SQLite has no DEFAULT for a missing one.
    await db
      .insertInto('users')
      .values([
        { id: ALICE, name: '爱丽丝', followers_count: 12_345_678_901, created_at: NOW },
        { id: BOB, name: '鲍勃', followers_count: 0, created_at: NOW },
      ])
      .execute();
    await db
      .insertInto('channels')
      .values([
        { id: GAME, name: '游戏', pinyin: 'youxi', icon: 'game', url: null, created_at: NOW },
        { id: LIVE, name: '直播', pinyin: 'zhibo', icon: '', url: '/live', created_at: NOW },
      ])
      .execute();
    await db
      .insertInto('items')
      .values(
        ROWS.map(([suffix, minutes, visibility, channel, user]) => ({
          id: itemId(suffix),
          item_type: ItemType.ShortVideo,
          visibility,
          user_id: user,
          channel_id: channel,
          title: `视频${suffix}`,
          publish_time: NOW,
          behot_time: NOW + minutes * 60_000,
          play_count: suffix === '07' ? 3_000_000_000 : 0,
          created_at: NOW,
          updated_at: NOW,
        })),
      )
      .execute();
  });

  afterAll(async () => {
    await opened.close();
  });

  it('returns visible items of the channel, newest first, paged', async () => {
    const first = await feedPage(opened.db, GAME, 2, 0);
    const second = await feedPage(opened.db, GAME, 2, 2);
    const third = await feedPage(opened.db, GAME, 2, 4);
    expect(first.map((row) => row.id)).toEqual([itemId('08'), itemId('07')]);
    expect(second.map((row) => row.id)).toEqual([itemId('05'), itemId('03')]);
    expect(third.map((row) => row.id)).toEqual([itemId('01')]);
    expect(second.map((row) => row.user_name)).toEqual(['爱丽丝', '鲍勃']);
  });

  it('returns bigint times and counters as numbers and ids as strings', async () => {
    const [newest, next] = await feedPage(opened.db, GAME, 2, 0);
    expect(newest).toEqual({
      id: itemId('08'),
      title: '视频08',
      behot_time: NOW + 7 * 60_000,
      play_count: 0,
      is_top: 0,
      user_id: ALICE,
      user_name: '爱丽丝',
      followers_count: 12_345_678_901,
    });
    expect(next?.play_count).toBe(3_000_000_000);
    const { count } = await opened.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(ROWS.length);
  });

  it('keeps the channel columns', async () => {
    const channels = await opened.db.selectFrom('channels').selectAll().orderBy('id').execute();
    expect(channels).toEqual([
      {
        id: GAME,
        name: '游戏',
        pinyin: 'youxi',
        parent_id: null,
        sort_order: 0,
        url: null,
        icon: 'game',
        created_at: NOW,
      },
      {
        id: LIVE,
        name: '直播',
        pinyin: 'zhibo',
        parent_id: null,
        sort_order: 0,
        url: '/live',
        icon: '',
        created_at: NOW,
      },
    ]);
  });
});
