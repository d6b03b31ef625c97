import { afterEach, expect, it } from 'vitest';
import { ItemType } from './enums.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import type { OpenedDatabase } from './open-database.ts';
import { createTestDatabase } from './testing.ts';

const NOW = 1_795_000_000_000;
const BEFORE = '2026-11-26-026-picture-references';
const [ANN, BO] = ['7300000000000000001', '7300000000000000002'];
const ITEM = '7300000000000000010';
const [FIRST, SECOND] = ['7300000000000000020', '7300000000000000021'];

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const report = (id: string, danmaku_id: string, user_id: string, created_at: number) => ({
  id,
  danmaku_id,
  user_id,
  report_type: Number(id.slice(-1)),
  created_at,
});

it('keeps the first of each user’s repeated danmaku reports, then refuses repeats', async () => {
  opened = await createTestDatabase({ migrate: false });
  const { db } = opened;
  await migrateTo(db, BEFORE);
  await db
    .insertInto('users')
    .values([ANN, BO].map((id, n) => ({ id, name: `用户${String(n)}`, created_at: NOW })))
    .execute();
  await db
    .insertInto('channels')
    .values({ id: 1, name: '推荐', pinyin: 'tuijian', created_at: NOW })
    .execute();
  await db
    .insertInto('items')
    .values({
      id: ITEM,
      item_type: ItemType.ShortVideo,
      user_id: ANN,
      channel_id: 1,
      title: '标题',
      publish_time: NOW,
      behot_time: NOW,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  await db
    .insertInto('danmaku')
    .values(
      [FIRST, SECOND].map((id) => ({
        id,
        item_id: ITEM,
        offset_ms: 0,
        text: '刷屏',
        colour: 0xffffff,
        mode: 'scroll' as const,
        size: 25,
        pool: 'normal' as const,
        sender_id: ANN,
        send_time: NOW,
        created_at: NOW,
      })),
    )
    .execute();
  await db
    .insertInto('danmaku_reports')
    .values([
      report('7300000000000000101', FIRST, BO, NOW + 2),
      report('7300000000000000103', FIRST, BO, NOW + 1),
      report('7300000000000000102', FIRST, BO, NOW + 1),
      report('7300000000000000104', SECOND, BO, NOW + 3),
      report('7300000000000000105', FIRST, ANN, NOW + 4),
    ])
    .execute();

  await migrateToLatest(db);

  const kept = await db
    .selectFrom('danmaku_reports')
    .select(['id', 'danmaku_id', 'user_id'])
    .orderBy('id')
    .execute();
  expect(kept).toEqual([
    { id: '7300000000000000102', danmaku_id: FIRST, user_id: BO },
    { id: '7300000000000000104', danmaku_id: SECOND, user_id: BO },
    { id: '7300000000000000105', danmaku_id: FIRST, user_id: ANN },
  ]);
  await expect(
    db
      .insertInto('danmaku_reports')
      .values(report('7300000000000000106', SECOND, BO, NOW + 5))
      .execute(),
  ).rejects.toThrow();
});
