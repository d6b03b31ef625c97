import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visibility } from '@melon/db/enums';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createItem, createUser } from '../../testing/factories.ts';
import { insertAccount } from '../account/account.repository.ts';
import { ensureDefaultChannels } from '../channel/ensure-default-channels.ts';
import { LISTED_IN } from '../item/item.policy.ts';
import { updateProfile } from '../user-center/profile.repository.ts';
import { rebuildIndex } from './rebuild-index.ts';
import {
  createSearchIndex,
  indexItem,
  indexUser,
  removeItem,
  SEARCH_QUERY_MAX_LENGTH,
  type SearchIndex,
  type SearchRequest,
} from './search-index.service.ts';

const newId = createIdGenerator();
let database: OpenedDatabase;
let index: SearchIndex;
let author: string;
const items: Record<string, string> = {};

const TITLES = {
  butterfly: '蝴蝶结的十种系法教程',
  watermelon: '夏天吃西瓜的正确方式',
  china: '中国传统建筑之美',
  scenic: '杭州西湖十大景点打卡',
  classic: '经典老歌合集',
  movie: '電影《霸王別姬》幕後故事',
  phone: 'iPhone 手机评测：续航与拍照',
};

const request = (query: string, extra: Partial<SearchRequest> = {}): SearchRequest => ({
  query,
  kind: 'all',
  sort: 'relevance',
  offset: 0,
  limit: 10,
  viewerId: null,
  ...extra,
});

const idsFor = async (query: string, extra: Partial<SearchRequest> = {}) =>
  (await index.search(request(query, extra))).hits.map((hit) => hit.id);

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureDefaultChannels(database.db);
  author = await createUser(database.db, newId, { name: '美食达人小王' });
  for (const [key, title] of Object.entries(TITLES)) {
    items[key] = await createItem(database.db, newId, author, { title });
  }
  await indexItem(database.db, Object.values(items));
  await indexUser(database.db, author);
  const now = Date.now();
  index = createSearchIndex({ db: database.db, now: () => now });
});

afterAll(async () => {
  await database.close();
});

describe('search', () => {
  it.each([
    ['蝶', 'butterfly', 'a single character'],
    ['系法', 'butterfly', 'a substring inside a longer word'],
    ['xigua', 'watermelon', 'full pinyin'],
    ['xg', 'watermelon', 'initials'],
    ['xi瓜', 'watermelon', 'pinyin mixed with characters'],
    ['zhong国', 'china', 'pinyin mixed with characters'],
    ['电影', 'movie', 'simplified finding traditional'],
    ['霸王別姬', 'movie', 'traditional finding traditional'],
    ['iphnoe', 'phone', 'a Latin typo'],
    ['xgua', 'watermelon', 'a pinyin typo'],
    ['ＩＰＨＯＮＥ', 'phone', 'full-width capitals'],
  ])('finds %s (%s: %s)', async (query, key) => {
    expect(await idsFor(query)).toContain(items[key]);
  });

  it('does not match characters through their sound (景点 never finds 经典)', async () => {
    expect(await idsFor('景点')).toEqual([items.scenic]);
    expect(await idsFor('经典')).toEqual([items.classic]);
  });

  it('tells which words of a hit matched, as the document writes them', async () => {
    const [hit] = (await index.search(request('电影'))).hits;
    expect(hit?.matched).toEqual(['電影']);
    const [melon] = (await index.search(request('xigua'))).hits;
    expect(melon?.matched).toEqual(['西瓜']);
  });

  it('finds users by name', async () => {
    expect(await idsFor('美食', { kind: 'user' })).toEqual([author]);
  });

  it('answers a blank query with nothing and refuses an over-long one', async () => {
    expect(await index.search(request('   '))).toEqual({ total: 0, hits: [], tokens: [] });
    await expect(
      index.search(request('长'.repeat(SEARCH_QUERY_MAX_LENGTH + 1))),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('never fails on arbitrary input', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: SEARCH_QUERY_MAX_LENGTH, unit: 'grapheme-composite' }),
        async (query) => {
          const result = await index.search(request(query));
          expect(result.total).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('lists only what the item policy lists in search', async () => {
    const hidden = await createItem(database.db, newId, author, {
      title: '蝴蝶标本',
      visibility: Visibility.Homepage,
    });
    await indexItem(database.db, hidden);
    expect(LISTED_IN.search).not.toContain(Visibility.Homepage);
    expect(await idsFor('蝴蝶')).toEqual([items.butterfly]);
    expect((await index.search(request('蝴蝶'))).total).toBe(1);
    await database.db
      .updateTable('items')
      .set({ visibility: Visibility.Delete })
      .where('id', '=', hidden)
      .execute();
    await indexItem(database.db, hidden);
    const docs = await database.db.selectFrom('search_docs').select('ref_id').execute();
    expect(docs.map((doc) => doc.ref_id)).not.toContain(hidden);
  });

  it('forgets a removed item and its words', async () => {
    const gone = await createItem(database.db, newId, author, { title: '独一无二的鹦鹉' });
    await indexItem(database.db, gone);
    expect(await idsFor('鹦鹉')).toEqual([gone]);
    await database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('items').where('id', '=', gone).execute();
      await removeItem(trx, gone);
    });
    expect(await idsFor('鹦鹉')).toEqual([]);
    expect(await index.suggest('鹦', 5)).toEqual([]);
  });

  it('suggests words by prefix, pinyin and initials', async () => {
    expect(await index.suggest('西', 5)).toContain('西瓜');
    expect(await index.suggest('xig', 5)).toContain('西瓜');
    expect(await index.suggest('jd', 5)).toEqual(expect.arrayContaining(['景点', '经典']));
  });

  it('rebuilds to the same answers', async () => {
    const before = await index.search(request('xigua'));
    await rebuildIndex(database.db);
    expect(await index.search(request('xigua'))).toEqual(before);
  });
});

describe('paging', () => {
  it('gives every match once across pages, and the total past the last page', async () => {
    const made: string[] = [];
    for (let i = 0; i < 23; i += 1) {
      made.push(await createItem(database.db, newId, author, { title: `露营装备清单 第${i}期` }));
    }
    await indexItem(database.db, made);
    for (const sort of ['relevance', 'newest'] as const) {
      const seen: string[] = [];
      for (let offset = 0; offset < 23; offset += 7) {
        const page = await index.search(request('露营', { sort, offset, limit: 7 }));
        expect(page.total).toBe(23);
        seen.push(...page.hits.map((hit) => hit.id));
      }
      expect([...seen].sort()).toEqual([...made].sort());
    }
    expect(await index.search(request('露营', { offset: 40 }))).toMatchObject({
      total: 23,
      hits: [],
    });
  });
});

describe('kept in step with the writes', () => {
  it('finds a new account by its name', async () => {
    const id = newId();
    await insertAccount(database.db, { id, name: '爱吃火锅的猫', now: Date.now() });
    expect(await idsFor('火锅', { kind: 'user' })).toEqual([id]);
  });

  it('follows a name change to the user and their items', async () => {
    const user = await createUser(database.db, newId, { name: '旧名字' });
    const video = await createItem(database.db, newId, user, { title: '周末钓鱼记' });
    await indexItem(database.db, video);
    await indexUser(database.db, user);
    await updateProfile(database.db, user, { name: '渔夫老张' }, Date.now());
    expect(await idsFor('渔夫', { kind: 'user' })).toEqual([user]);
    expect(await idsFor('旧名字', { kind: 'user' })).toEqual([]);
    expect(await idsFor('渔夫')).toEqual([video]);
  });
});
