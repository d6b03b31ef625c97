import { afterEach, describe, expect, it } from 'vitest';
import { ItemType } from './enums.ts';
import { migrateToLatest } from './migrate.ts';
import type { OpenedDatabase } from './open-database.ts';
import { createTestDatabase } from './testing.ts';

const TABLES = [
  'album_episodes',
  'albums',
  'channels',
  'item_tags',
  'items',
  'series',
  'series_items',
  'tags',
  'users',
  'web_identities',
  'user_credentials',
  'sessions',
  'verification_codes',
  'auth_failures',
  'captcha_solutions',
  'qr_logins',
  'oauth_identities',
  'danmaku',
  'danmaku_likes',
  'danmaku_reports',
  'danmaku_shield_words',
  'jobs',
  'item_media',
  'item_renditions',
  'item_plays',
];

const NOW = 1_795_000_000_000;
const USER_ID = '7300000000000000001';

describe('migrateToLatest', () => {
  let opened: OpenedDatabase | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('creates every table in an empty database', async () => {
    opened = await createTestDatabase({ migrate: false });
    expect(await migrateToLatest(opened.db)).toEqual(
      expect.arrayContaining([
        '2026-11-22-001-core-model',
        '2026-11-22-002-accounts',
        '2026-11-22-003-danmaku',
        '2026-11-23-001-media-and-jobs',
      ]),
    );
    const tables = (await opened.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
  });

  it('is idempotent', async () => {
    opened = await createTestDatabase();
    expect(await migrateToLatest(opened.db)).toEqual([]);
    expect(await migrateToLatest(opened.db)).toEqual([]);
  });
});

describe('constraints', () => {
  let opened: OpenedDatabase;
  afterEach(async () => {
    await opened.close();
  });

  async function seed(): Promise<OpenedDatabase> {
    opened = await createTestDatabase();
    await opened.db
      .insertInto('users')
      .values({ id: USER_ID, name: '西瓜', created_at: NOW })
      .execute();
    await opened.db
      .insertInto('channels')
      .values({ id: 1, name: '推荐', pinyin: 'tuijian', created_at: NOW })
      .execute();
    return opened;
  }

  function item(id: string, userId = USER_ID) {
    return {
      id,
      item_type: ItemType.ShortVideo,
      user_id: userId,
      channel_id: 1,
      title: '标题',
      publish_time: NOW,
      behot_time: NOW,
      created_at: NOW,
      updated_at: NOW,
    };
  }

  it('enforces foreign keys', async () => {
    const { db } = await seed();
    await db.insertInto('items').values(item('7300000000000000010')).execute();
    await expect(
      db.insertInto('items').values(item('7300000000000000011', '7399999999999999999')).execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('items')
        .values({ ...item('7300000000000000012'), channel_id: 999 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('item_tags')
        .values({ item_id: '7300000000000000010', tag_id: '7399999999999999999' })
        .execute(),
    ).rejects.toThrow();
    const items = await db.selectFrom('items').select('id').execute();
    expect(items).toEqual([{ id: '7300000000000000010' }]);
  });

  it('cascades from an item to its links', async () => {
    const { db } = await seed();
    await db.insertInto('items').values(item('7300000000000000010')).execute();
    await db.insertInto('tags').values({ id: '7300000000000000100', name: '搞笑' }).execute();
    await db
      .insertInto('item_tags')
      .values({ item_id: '7300000000000000010', tag_id: '7300000000000000100' })
      .execute();
    await db.deleteFrom('items').where('id', '=', '7300000000000000010').execute();
    expect(await db.selectFrom('item_tags').selectAll().execute()).toEqual([]);
  });

  it('rejects values outside the spec codes and limits', async () => {
    const { db } = await seed();
    const bad = [
      { ...item('7300000000000000020'), visibility: 61 },
      { ...item('7300000000000000021'), item_type: 1 },
      { ...item('7300000000000000022'), is_top: 2 },
      { ...item('7300000000000000023'), title: '长'.repeat(81) },
      item('730000000000000002'),
    ];
    for (const values of bad) {
      // Deliberately invalid rows: the database, not TypeScript, must refuse them.
      await expect(
        db
          .insertInto('items')
          .values(values as ReturnType<typeof item>)
          .execute(),
      ).rejects.toThrow();
    }
    await expect(
      db
        .insertInto('users')
        .values({ id: '7300000000000000002', name: '名'.repeat(33), created_at: NOW })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('users')
        .values({ id: '7300000000000000003', name: '西瓜', created_at: NOW })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('items')
      .values({ ...item('7300000000000000024'), title: '长'.repeat(80) })
      .execute();
  });
});
