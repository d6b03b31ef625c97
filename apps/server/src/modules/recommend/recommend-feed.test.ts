import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Visibility } from '@melon/db/enums';
import type { FeedPage } from '@melon/shared/contracts/feed';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import type { AnswerEnvelope as Envelope } from '../../testing/answer-envelope.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createItemIn, HIDDEN_ITEMS } from '../../testing/item-factory.ts';
import { setVisibilityInStudio } from '../../testing/studio-visibility.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { follow, tag, watch } from '../../testing/viewing.ts';
import { AUTHOR_CAP, AUTHOR_WINDOW, EXPLORATION_SLOT } from './ranking.ts';

/*
 * The recommend channel (1) through real HTTP on the dialect under test (decision 037): a
 * signed-in viewer's feed from co-watching, follows and tags, never a finished item, the author
 * cap, the new items' slots, paging without repeats; the visitors' popularity with freshness;
 * and no hidden item anywhere.
 */

const HOUR = 3_600_000;
const now = Date.now();
let t: TestApp;
let viewer: Visitor;
let viewerId: string;
const crowd: string[] = [];
const ids = {
  followedAuthor: '',
  seed: '',
  finished: '',
  followed: '',
  coWatched: '',
  tagged: '',
  newcomer: '',
  freshPopular: '',
  freshQuiet: '',
  oldPopular: '',
};
const hidden: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const user = () => createUser(t.db, t.newId);
  const item = (author: string, plays: number, ageHours: number) =>
    createItem(t.db, t.newId, author, { playCount: plays, behotTime: now - ageHours * HOUR });

  // Eight authors, six items each, three days old; a0's are the most played of all.
  for (let a = 0; a < 8; a += 1) {
    const author = await user();
    for (let i = 0; i < 6; i += 1) {
      crowd.push(await item(author, a === 0 ? 90_000 + i : 1000 * (a + 1) + i, 72));
    }
  }
  viewerId = await user();
  viewer = await t.signedIn(viewerId);
  const seedAuthor = await user();
  ids.seed = await item(seedAuthor, 500, 72);
  ids.finished = await item(seedAuthor, 10_000_000, 2);
  await tag(t.db, t.newId, ids.seed, ['猫咪']);
  await watch(t.db, { userId: viewerId, itemId: ids.seed, watchedAt: now - 2 * HOUR });
  await watch(t.db, {
    userId: viewerId,
    itemId: ids.finished,
    watchedAt: now - 3 * HOUR,
    progressMs: 61_500,
  });

  // Three quiet items a day and a bit old, each pointed to by one source only.
  const followedAuthor = await user();
  ids.followedAuthor = followedAuthor;
  await follow(t.db, viewerId, followedAuthor);
  ids.followed = await item(followedAuthor, 50, 30);
  ids.coWatched = await item(await user(), 50, 30);
  ids.tagged = await item(await user(), 50, 30);
  await tag(t.db, t.newId, ids.tagged, ['猫咪']);
  for (let w = 0; w < 3; w += 1) {
    const other = await user();
    await watch(t.db, { userId: other, itemId: ids.seed, watchedAt: now - 20 * HOUR });
    await watch(t.db, {
      userId: other,
      itemId: ids.coWatched,
      watchedAt: now - 20 * HOUR + 600_000,
    });
  }
  // Hidden items every source points to, and played more than anything.
  for (const state of HIDDEN_ITEMS) {
    const id = await createItemIn(t.db, t.newId, followedAuthor, state);
    await t.db.updateTable('items').set({ play_count: 50_000_000 }).where('id', '=', id).execute();
    await tag(t.db, t.newId, id, ['猫咪']);
    const other = await user();
    await watch(t.db, { userId: other, itemId: ids.seed, watchedAt: now - 10 * HOUR });
    await watch(t.db, { userId: other, itemId: id, watchedAt: now - 10 * HOUR + 60_000 });
    hidden.push(id);
  }
  // A new item nobody played, and three for the visitors' order, each by an author of its own.
  ids.newcomer = await item(await user(), 0, 1);
  ids.freshPopular = await item(await user(), 1000, 25);
  ids.freshQuiet = await item(await user(), 10, 25);
  ids.oldPopular = await item(await user(), 1000, 240);
});
afterAll(() => t.close());

async function page(offset: number, count: number, who?: Visitor) {
  const res = await t.app.inject({
    url: `${getFeedById.path}?channelId=1&offset=${offset}&count=${count}`,
    headers: who?.headers ?? {},
  });
  expect(res.statusCode).toBe(200);
  return res.json<Envelope<FeedPage>>().data;
}

/** Every card of the feed, page by page until hasMore is false. */
async function wholeFeed(who?: Visitor): Promise<FeedPage['list']> {
  const cards: FeedPage['list'] = [];
  let offset = 0;
  for (;;) {
    const data = await page(offset, 30, who);
    cards.push(...data.list);
    if (!data.hasMore) return cards;
    offset = data.offset;
  }
}

const idsOf = (cards: FeedPage['list']) => cards.map((card) => card.groupId);

function maxByOneAuthorInAnyWindow(cards: FeedPage['list'], upTo: number): number {
  let max = 0;
  for (let start = 0; start + AUTHOR_WINDOW <= Math.min(upTo, cards.length); start += 1) {
    const counts = new Map<string, number>();
    for (const card of cards.slice(start, start + AUTHOR_WINDOW)) {
      counts.set(card.userInfo.user_id, (counts.get(card.userInfo.user_id) ?? 0) + 1);
    }
    max = Math.max(max, ...counts.values());
  }
  return max;
}

describe('the recommend feed of a signed-in viewer', () => {
  it('brings co-watched, followed-author and same-tag items onto the first page', async () => {
    const first = idsOf((await page(0, 30, viewer)).list);
    expect(first).toContain(ids.coWatched);
    expect(first).toContain(ids.followed);
    expect(first).toContain(ids.tagged);
    // A visitor, with none of those, meets them only after the crowd.
    const visitorFirst = idsOf((await page(0, 30)).list);
    expect(visitorFirst).not.toContain(ids.coWatched);
    expect(visitorFirst).not.toContain(ids.followed);
    expect(visitorFirst).not.toContain(ids.tagged);
  });

  it('never shows an item the viewer finished, however popular', async () => {
    const all = idsOf(await wholeFeed(viewer));
    expect(all).not.toContain(ids.finished);
    expect(idsOf(await wholeFeed())).toContain(ids.finished);
  });

  it('keeps at most 2 cards by one author in any 10 while other authors remain', async () => {
    const cards = await wholeFeed(viewer);
    // a0's six items are the most played: unmixed, they would fill the first six places.
    expect(maxByOneAuthorInAnyWindow(cards, 40)).toBeLessThanOrEqual(AUTHOR_CAP);
    expect(idsOf(cards)).toEqual(expect.arrayContaining(crowd.slice(0, 6)));
  });

  it('gives the exploration slot of the first block to the unplayed new item', async () => {
    const first = (await page(0, 30, viewer)).list;
    expect(first[EXPLORATION_SLOT]?.groupId).toBe(ids.newcomer);
    const visitorFirst = (await page(0, 30)).list;
    expect(visitorFirst[EXPLORATION_SLOT]?.groupId).toBe(ids.newcomer);
  });

  it('pages without repeats, and later pages do not move when the site changes', async () => {
    const first = await page(0, 20, viewer);
    // A new video by an author the viewer follows, more played than anything.
    const late = await createItem(t.db, t.newId, ids.followedAuthor, {
      playCount: 90_000_000,
      behotTime: now - 26 * HOUR,
    });
    const seen = idsOf(first.list);
    let offset = first.offset;
    let hasMore = first.hasMore;
    while (hasMore) {
      const next = await page(offset, 20, viewer);
      seen.push(...idsOf(next.list));
      offset = next.offset;
      hasMore = next.hasMore;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(late);
    // A new session (offset 0) builds the list anew, with it.
    expect(idsOf((await page(0, 20, viewer)).list)).toContain(late);
  });

  it('leaves out an item hidden after its list was built', async () => {
    const first = await page(0, 10, viewer);
    const second = await page(10, 10, viewer);
    const victim = second.list[2]?.groupId ?? '';
    await t.db.updateTable('items').set({ visibility: 15 }).where('id', '=', victim).execute();
    const again = await page(10, 10, viewer);
    expect(idsOf(again.list)).not.toContain(victim);
    expect(again.list).toHaveLength(9);
    expect(again.offset).toBe(20);
    expect(first.list.length).toBe(10);
    await t.db.updateTable('items').set({ visibility: 60 }).where('id', '=', victim).execute();
  });

  it('keeps a first page to its viewer, and drops it once its author hides an item', async () => {
    // The clock stands still: what is kept stays kept.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const title = async () =>
        (await page(0, 30, viewer)).list.find((card) => card.groupId === ids.followed)?.title;
      const shown = await title();
      expect(shown).toBeDefined();
      // Another viewer gets a page of their own (a new viewer: the crowd's).
      const newcomer = await t.signedIn(await createUser(t.db, t.newId));
      expect(idsOf((await page(0, 30, newcomer)).list)).not.toContain(ids.followed);
      await t.db
        .updateTable('items')
        .set({ title: '新标题' })
        .where('id', '=', ids.followed)
        .execute();
      expect(await title()).toBe(shown);
      // The studio announces on item-access that fewer may see it: every process drops its pages.
      await setVisibilityInStudio(t, ids.followedAuthor, ids.followed, Visibility.Self);
      expect(await title()).toBeUndefined();
      await setVisibilityInStudio(t, ids.followedAuthor, ids.followed, Visibility.All);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is private to the viewer', async () => {
    const res = await t.app.inject({
      url: `${getFeedById.path}?channelId=1`,
      headers: viewer.headers,
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the recommend feed of a visitor', () => {
  it('orders by popularity with freshness', async () => {
    const all = idsOf(await wholeFeed());
    const at = (id: string) => all.indexOf(id);
    expect(at(ids.freshPopular)).toBeGreaterThanOrEqual(0);
    // A day-old video with 10 plays passes a ten-day-old one with 1000.
    expect(at(ids.freshPopular)).toBeLessThan(at(ids.freshQuiet));
    expect(at(ids.freshQuiet)).toBeLessThan(at(ids.oldPopular));
    expect(maxByOneAuthorInAnyWindow(await wholeFeed(), 40)).toBeLessThanOrEqual(AUTHOR_CAP);
  });
});

describe('hidden items', () => {
  it('appear in nobody’s recommend feed, though every source points to them', async () => {
    const seen = [...idsOf(await wholeFeed(viewer)), ...idsOf(await wholeFeed())];
    for (const id of hidden) expect(seen).not.toContain(id);
  });
});
