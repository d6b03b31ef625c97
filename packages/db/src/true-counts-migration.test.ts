import type { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { Database } from './database.ts';
import type { CommentState } from './tables/comments.ts';
import { ItemType } from './enums.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { up } from './migrations/2026-11-25-030-true-counts.ts';
import type { OpenedDatabase } from './open-database.ts';
import { createTestDatabase } from './testing.ts';

const NOW = 1_795_000_000_000;
const TRUE_COUNTS = '2026-11-25-030-true-counts';
const BEFORE_TRUE_COUNTS = '2026-11-25-024-reports-and-images';
const [ANN, BO, CAI] = ['7300000000000000001', '7300000000000000002', '7300000000000000003'];
const [LIKED, QUIET, UNTOUCHED] = [
  '7300000000000000010',
  '7300000000000000011',
  '7300000000000000012',
];
/** What a site seeded before issue 12 shows: numbers with no rows behind them. */
const MADE_UP = {
  digg_count: 31_415,
  favorite_count: 2718,
  comment_count: 1414,
  danmaku_count: 1732,
  play_count: 98_765,
};

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function site(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('users')
    .values(
      [ANN, BO, CAI].map((id, n) => ({
        id,
        name: `用户${String(n)}`,
        followers_count: 50_000 + n,
        following_count: 300 + n,
        created_at: NOW,
      })),
    )
    .execute();
  await db
    .insertInto('channels')
    .values({ id: 1, name: '推荐', pinyin: 'tuijian', created_at: NOW })
    .execute();
  await db
    .insertInto('items')
    .values(
      [LIKED, QUIET, UNTOUCHED].map((id) => ({
        id,
        item_type: ItemType.ShortVideo,
        user_id: ANN,
        channel_id: 1,
        title: '标题',
        publish_time: NOW,
        behot_time: NOW,
        created_at: NOW,
        updated_at: NOW,
        ...MADE_UP,
      })),
    )
    .execute();
}

async function rows(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('item_diggs')
    .values([BO, CAI].map((user_id) => ({ item_id: LIKED, user_id, created_at: NOW })))
    .execute();
  await db
    .insertInto('favorites')
    .values({ user_id: BO, item_id: LIKED, created_at: NOW })
    .execute();
  const comment = (id: string, item_id: string, state: CommentState, root_id: string | null) => ({
    id,
    item_id,
    user_id: BO,
    root_id,
    text: '好看',
    state,
    hot_key: 0,
    hot_key_since: NOW,
    created_at: NOW,
  });
  const root = '7300000000000000100';
  await db
    .insertInto('comments')
    .values(comment(root, LIKED, 'visible', null))
    .execute();
  await db
    .insertInto('comments')
    .values([
      comment('7300000000000000101', LIKED, 'visible', root),
      comment('7300000000000000102', LIKED, 'filtered', null),
      comment('7300000000000000103', LIKED, 'deleted', null),
      comment('7300000000000000104', QUIET, 'held', null),
    ])
    .execute();
  const states = ['visible', 'visible', 'deleted', 'reported'] as const;
  await db
    .insertInto('danmaku')
    .values(
      states.map((state, n) => ({
        id: `73000000000000002${String(n).padStart(2, '0')}`,
        item_id: LIKED,
        offset_ms: n * 1000,
        text: '前方高能',
        colour: 0xffffff,
        mode: 'scroll' as const,
        size: 25,
        pool: 'normal' as const,
        sender_id: CAI,
        send_time: NOW,
        created_at: NOW,
        source_mode: null,
        state,
      })),
    )
    .execute();
  await db
    .insertInto('follows')
    .values([
      { follower_id: BO, followee_id: ANN, created_at: NOW },
      { follower_id: CAI, followee_id: ANN, created_at: NOW },
      { follower_id: ANN, followee_id: BO, created_at: NOW },
    ])
    .execute();
}

it('sets every counter to its rows: likes, favourites, visible comments and danmaku, follows', async () => {
  opened = await createTestDatabase();
  const { db } = opened;
  await site(db);
  await rows(db);
  await up(db as unknown as Kysely<unknown>);

  const items = await db
    .selectFrom('items')
    .select(['id', 'digg_count', 'favorite_count', 'comment_count', 'danmaku_count', 'play_count'])
    .orderBy('id')
    .execute();
  expect(items).toEqual([
    {
      id: LIKED,
      digg_count: 2,
      favorite_count: 1,
      comment_count: 2,
      danmaku_count: 2,
      play_count: MADE_UP.play_count,
    },
    {
      id: QUIET,
      digg_count: 0,
      favorite_count: 0,
      comment_count: 0,
      danmaku_count: 0,
      play_count: MADE_UP.play_count,
    },
    {
      id: UNTOUCHED,
      digg_count: 0,
      favorite_count: 0,
      comment_count: 0,
      danmaku_count: 0,
      play_count: MADE_UP.play_count,
    },
  ]);
  const users = await db
    .selectFrom('users')
    .select(['id', 'followers_count', 'following_count'])
    .orderBy('id')
    .execute();
  expect(users).toEqual([
    { id: ANN, followers_count: 2, following_count: 1 },
    { id: BO, followers_count: 1, following_count: 1 },
    { id: CAI, followers_count: 0, following_count: 1 },
  ]);
});

it('runs at start-up on a site migrated before it, once', async () => {
  // The site as it was before this migration, with the rows it counts.
  opened = await createTestDatabase({ migrate: false });
  const { db } = opened;
  await migrateTo(db, BEFORE_TRUE_COUNTS);
  await site(db);
  await rows(db);
  expect((await migrateToLatest(db))[0]).toBe(TRUE_COUNTS);
  const liked = await db
    .selectFrom('items')
    .selectAll()
    .where('id', '=', LIKED)
    .executeTakeFirstOrThrow();
  expect([liked.digg_count, liked.comment_count, liked.danmaku_count]).toEqual([2, 2, 2]);
  expect(await migrateToLatest(db)).toEqual([]);
});
