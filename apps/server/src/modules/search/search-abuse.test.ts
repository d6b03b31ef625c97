import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotWordList, SearchResults, SearchWord } from '@melon/shared/contracts/search';
import { getHotWords, getSearchPreset, searchResults } from '@melon/shared/calls/search.calls';
import { logEvents } from '@melon/shared/calls/tracking.calls';
import { fillPath } from '@melon/shared/calls/call';
import { runSearchBlock } from '../../cli/search-block.ts';
import { RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { freshIp } from '../../testing/passport.ts';
import { runCliCommand } from '../../testing/cli-command.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createSearchIndex, indexItem } from '../search-index/search-index.service.ts';
import { createSearchWordsService } from './search-words.service.ts';

/*
 * Hot words scripts cannot set (decision 065): only signed-in viewers and qualified browsers
 * count, one address weighs little, searches are rate-limited per address, and operators keep
 * blocked words out of the hot list and the placeholder.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const authorId = await createUser(t.db, t.newId);
  const itemId = await createItem(t.db, t.newId, authorId, { title: '冰沙的做法' });
  await indexItem(t.db, [itemId]);
});
afterAll(() => t.close());

const searchUrl = (word: string, page = 0) =>
  fillPath(searchResults.path, { type: 'all', keyword: word, page });

function search(word: string, remoteAddress: string, cookie?: string, page = 0) {
  return t.app.inject({
    url: searchUrl(word, page),
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** Each of `count` new users searches the word once, each from an address of their own. */
async function searchedBySignedInUsers(word: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const viewer = await t.signedIn(await createUser(t.db, t.newId));
    expect((await search(word, freshIp(), viewer.cookie)).statusCode).toBe(200);
  }
}

/**
 * The hot list and the placeholder built afresh from the database, as a web process that has
 * kept none answers them (the app's own is kept for a few seconds).
 */
async function hotNow(): Promise<{ hot: [string, number][]; preset: string }> {
  const words = createSearchWordsService({
    db: t.db,
    engine: createSearchIndex({ db: t.db }),
    newId: t.newId,
  });
  const { list } = await words.hotList();
  return {
    hot: list.map((entry) => [entry.word, entry.hot_value]),
    preset: (await words.preset()).word,
  };
}

const loggedRows = (word: string) =>
  t.db.selectFrom('search_log').selectAll().where('word', '=', word).execute();

describe('who moves the hot words', () => {
  beforeAll(async () => {
    await searchedBySignedInUsers('冰沙', 4);
  });

  it('a word searched by distinct signed-in viewers from their own addresses is hot', async () => {
    const { hot, preset } = await hotNow();
    expect(hot[0]).toEqual(['冰沙', 4]);
    expect(preset).toBe('冰沙');
    // The routes answer the same (the app has kept no hot list yet).
    const served = (await t.app.inject({ url: getHotWords.path })).json<{
      data: HotWordList;
    }>().data.list;
    expect(served.map((entry) => [entry.word, entry.hot_value])).toEqual(hot);
    const box = (await t.app.inject({ url: getSearchPreset.path })).json<{ data: SearchWord }>();
    expect(box.data.word).toBe('冰沙');
  });

  it('40 cookie-less searches from one address answer results and count for nothing', async () => {
    const before = await hotNow();
    const ip = freshIp();
    for (let i = 0; i < 40; i += 1) {
      const answer = await search('刷榜词', ip);
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ data: SearchResults }>().data.keyword).toBe('刷榜词');
    }
    expect(await loggedRows('刷榜词')).toEqual([]);
    expect(await hotNow()).toEqual(before);
  });

  it('40 fresh qualified web ids from one address do not make a word hot', async () => {
    const before = await hotNow();
    const ip = freshIp();
    for (let i = 0; i < 40; i += 1) {
      const browser = t.visitor();
      const qualified = await t.app.inject({
        method: 'POST',
        url: logEvents.path,
        headers: browser.headers,
        remoteAddress: ip,
        payload: { r: true, d: [{ k: 'stay_page', v: '{}' }] },
      });
      expect(qualified.json<{ data: { s: number } }>().data.s).toBe(1);
      expect((await search('刷榜词二', ip, browser.cookie)).statusCode).toBe(200);
    }
    expect(await hotNow()).toEqual(before);
  });

  it('searches kept before the upgrade count as one address together', async () => {
    const before = await hotNow();
    await t.db
      .insertInto('search_log')
      .values(
        Array.from({ length: 40 }, (_, n) => ({
          id: t.newId(),
          word: '旧刷榜词',
          viewer_key: `w:${n}`,
          searched_at: Date.now() - n * 1000,
        })),
      )
      .execute();
    expect(await hotNow()).toEqual(before);
  });

  it('one address weighs at most three searchers, however many browsers it has', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      const viewer = await t.signedIn(await createUser(t.db, t.newId));
      expect((await search('种植', ip, viewer.cookie)).statusCode).toBe(200);
    }
    await searchedBySignedInUsers('种植', 2);
    const { hot, preset } = await hotNow();
    expect(hot.find(([word]) => word === '种植')).toEqual(['种植', 5]);
    expect(preset).toBe('种植');
  });

  it('a qualified browser counts once per word, wherever it searches from', async () => {
    const browser = t.visitor();
    await t.app.inject({
      method: 'POST',
      url: logEvents.path,
      headers: browser.headers,
      payload: { r: true, d: [{ k: 'stay_page', v: '{}' }] },
    });
    for (let i = 0; i < 3; i += 1) await search('西瓜', freshIp(), browser.cookie);
    await searchedBySignedInUsers('西瓜', 2);
    expect((await hotNow()).hot.find(([word]) => word === '西瓜')).toEqual(['西瓜', 3]);
  });
});

describe('the search rate limit', () => {
  it(`answers ${RATE_LIMITS.search.max} searches a minute from one address, then 429 changing nothing`, async () => {
    const ip = freshIp();
    const userId = await createUser(t.db, t.newId);
    const viewer = await t.signedIn(userId);
    for (let i = 0; i < RATE_LIMITS.search.max; i += 1) {
      expect((await search('限流前', ip, viewer.cookie, i % 2)).statusCode).toBe(200);
    }
    const refused = await search('限流', ip, viewer.cookie);
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ code: number; message: string; data: { retry_after: number } }>();
    expect(body.code).toBe(429);
    expect(body.data.retry_after).toBeGreaterThan(0);
    expect(body.message).toMatch(/^搜索过于频繁，请 \d+ 秒后再试$/);
    const corrected = await t.app.inject({
      url: `${searchUrl('限流')}/1`,
      remoteAddress: ip,
      headers: { cookie: viewer.cookie },
    });
    expect(corrected.statusCode).toBe(429);
    expect(await loggedRows('限流')).toEqual([]);
    const history = await t.db
      .selectFrom('search_history')
      .select('word')
      .where('user_id', '=', userId)
      .execute();
    expect(history).toEqual([{ word: '限流前' }]);
    // Another address is not held up.
    expect((await search('限流', freshIp(), viewer.cookie)).statusCode).toBe(200);
  });
});

describe('blocked hot words', () => {
  const block = (...args: string[]) => runCliCommand(runSearchBlock, t.db, args);

  beforeAll(async () => {
    await searchedBySignedInUsers('翻墙教程', 6);
    await searchedBySignedInUsers('VPN加速', 7);
    const authorId = await createUser(t.db, t.newId);
    const itemId = await createItem(t.db, t.newId, authorId, { title: '最新翻墙方法' });
    await t.db
      .insertInto('item_plays')
      .values(
        [1, 2, 3].map((n) => ({
          id: t.newId(),
          item_id: itemId,
          viewer_key: `w:${n}`,
          user_id: null,
          played_at: Date.now() - n * 1000,
        })),
      )
      .execute();
  });

  it('never show, in any case, script or spacing, nor inside a longer word or title', async () => {
    const before = (await hotNow()).hot.map(([word]) => word);
    expect(before.slice(0, 2)).toEqual(['vpn加速', '翻墙教程']);
    expect(before).toContain('最新翻墙方法');

    expect((await block('add', '翻 牆')).code).toBe(0);
    expect((await block('add', 'ＶＰＮ')).code).toBe(0);
    const { hot, preset } = await hotNow();
    const words = hot.map(([word]) => word);
    expect(words).not.toContain('vpn加速');
    expect(words).not.toContain('翻墙教程');
    expect(words).not.toContain('最新翻墙方法');
    expect(words[0]).toBe('种植');
    expect(preset).toBe('种植');
    // Searching a blocked word still answers results.
    expect((await search('翻墙教程', freshIp())).statusCode).toBe(200);

    expect((await block('remove', '翻墙')).code).toBe(0);
    expect((await hotNow()).hot.map(([word]) => word)).toContain('翻墙教程');
    expect((await hotNow()).preset).toBe('翻墙教程');
  });
});
