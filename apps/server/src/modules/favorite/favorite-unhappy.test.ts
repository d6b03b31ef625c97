import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addFavorite,
  addVote,
  deleteFavorite,
  diggAction,
  favoriteAction,
  getFavorites,
  searchFavorites,
} from '@melon/shared/calls/favorite.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createItemIn, HIDDEN_ITEMS } from '../../testing/item-factory.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * The unhappy paths of every like, favourite and vote call: signed out, a forged request, a
 * malformed field, an oversized body, an unknown item and an item the viewer may not see are
 * each refused with their status and leave the database exactly as it was.
 */

let t: TestApp;
let viewer: Visitor;
let author = '';
/** An item and a poll on it, for bodies that name them. */
const known = { item: '', vote: '' };

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId);
  known.item = await createItem(t.db, t.newId, author);
  known.vote = t.newId();
  await t.db
    .insertInto('item_votes')
    .values({ id: known.vote, item_id: known.item, title: '投票', created_at: Date.now() })
    .execute();
  await t.db
    .insertInto('item_vote_options')
    .values([
      { vote_id: known.vote, option_id: 1, text: '是' },
      { vote_id: known.vote, option_id: 2, text: '否' },
    ])
    .execute();
  viewer = await t.signedIn(await createUser(t.db, t.newId));
});
afterAll(() => t.close());

function post(url: string, headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'POST', url, headers, payload });
}

interface WriteRoute {
  url: string;
  /** A body the route would accept from the viewer, about `item`. */
  body: (item: string) => Record<string, unknown>;
  /** The same body with one field malformed, and that field's name. */
  malformed: () => [field: string, body: Record<string, unknown>];
}

const routes: [string, WriteRoute][] = [
  [
    'digg_action',
    {
      url: diggAction.path,
      body: (item) => ({ group_id: item, action: 'digg' }),
      malformed: () => ['action', { group_id: '7000000000000000001', action: 'bury' }],
    },
  ],
  [
    'favorite_action',
    {
      url: favoriteAction.path,
      body: (item) => ({ group_id: item, action: 'favorite' }),
      malformed: () => ['group_id', { group_id: '0123456789012345678', action: 'favorite' }],
    },
  ],
  [
    'add/favorite',
    {
      url: addFavorite.path,
      body: (item) => ({ group_id: item }),
      malformed: () => ['group_id', { group_id: 12 }],
    },
  ],
  [
    'delete/favorite',
    {
      url: deleteFavorite.path,
      body: (item) => ({ group_ids: [item] }),
      malformed: () => ['group_ids', { group_ids: [] }],
    },
  ],
  [
    'add_vote',
    {
      url: addVote.path,
      body: () => ({ vote_id: known.vote, option_id: 1 }),
      malformed: () => ['option_id', { vote_id: known.vote, option_id: 0 }],
    },
  ],
];

/** Everything these calls can change. */
async function snapshot(): Promise<unknown> {
  const [items, diggs, favorites, ballots, options] = await Promise.all([
    t.db.selectFrom('items').select(['id', 'digg_count', 'favorite_count']).orderBy('id').execute(),
    t.db.selectFrom('item_diggs').select(['item_id', 'user_id']).orderBy('item_id').execute(),
    t.db.selectFrom('favorites').select(['item_id', 'user_id']).orderBy('item_id').execute(),
    t.db.selectFrom('item_vote_ballots').select(['vote_id', 'user_id']).execute(),
    t.db.selectFrom('item_vote_options').select(['option_id', 'vote_count']).execute(),
  ]);
  return { items, diggs, favorites, ballots, options };
}

describe.each(routes)('%s', (_name, route) => {
  itRefusesBadWrites({
    send: (headers, body) => post(route.url, headers, body),
    signedIn: () => viewer.headers,
    visitor: () => t.visitor().headers,
    body: () => route.body(known.item),
    malformed: route.malformed,
    snapshot,
  });
});

describe.each(routes.filter(([name]) => name !== 'add_vote' && name !== 'delete/favorite'))(
  '%s about an item the viewer may not see',
  (_name, route) => {
    it('answers 404 视频不存在 for an unknown item, and changes nothing', async () => {
      const before = await snapshot();
      const res = await post(route.url, viewer.headers, route.body('7000000000000000404'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, message: '视频不存在', data: null });
      expect(await snapshot()).toEqual(before);
    });

    it.each(HIDDEN_ITEMS)('answers a $name item exactly as an unknown one', async (state) => {
      const hidden = await createItemIn(t.db, t.newId, author, state);
      const before = await snapshot();
      const res = await post(route.url, viewer.headers, route.body(hidden));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, message: '视频不存在', data: null });
      expect(await snapshot()).toEqual(before);
    });
  },
);

describe('add_vote about what is not there', () => {
  it('answers 404 for an unknown poll and for a poll on a hidden item', async () => {
    const hiddenItem = await createItemIn(t.db, t.newId, author, { visibility: 15 });
    const hiddenVote = t.newId();
    await t.db
      .insertInto('item_votes')
      .values({ id: hiddenVote, item_id: hiddenItem, title: '私密', created_at: Date.now() })
      .execute();
    await t.db
      .insertInto('item_vote_options')
      .values({ vote_id: hiddenVote, option_id: 1, text: '是' })
      .execute();
    const before = await snapshot();
    for (const vote of ['7000000000000000404', hiddenVote]) {
      const res = await post(addVote.path, viewer.headers, {
        vote_id: vote,
        option_id: 1,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, message: '投票不存在' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 naming option_id for an option the poll does not have', async () => {
    const before = await snapshot();
    const res = await post(addVote.path, viewer.headers, {
      vote_id: known.vote,
      option_id: 3,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'option_id', message: '投票选项不存在' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('delete/favorite with too many ids', () => {
  it('refuses 51 ids with 400 naming group_ids, and changes nothing', async () => {
    const before = await snapshot();
    const res = await post(deleteFavorite.path, viewer.headers, {
      group_ids: Array.from({ length: 51 }, () => known.item),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'group_ids' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('the favourites list', () => {
  it.each([
    ['get', getFavorites.path],
    ['search', `${searchFavorites.path}?keyword=${encodeURIComponent('猫')}`],
  ])('%s answers 401 to a signed-out visitor', async (_name, url) => {
    const res = await t.app.inject({ url, headers: t.visitor().headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, data: null });
  });

  it.each([
    ['an unknown tab', `${getFavorites.path}?tab_key=live`, 'tab_key'],
    ['a malformed cursor', `${getFavorites.path}?cursor=abc`, 'cursor'],
    ['a count above 50', `${getFavorites.path}?count=51`, 'count'],
    ['an empty keyword', `${searchFavorites.path}?keyword=`, 'keyword'],
    [
      'a keyword over 50 characters',
      `${searchFavorites.path}?keyword=${encodeURIComponent('猫'.repeat(51))}`,
      'keyword',
    ],
    ['a keyword with a control character', `${searchFavorites.path}?keyword=a%00b`, 'keyword'],
  ])('refuses %s with 400 naming the field', async (_name, url, field) => {
    const res = await t.app.inject({ url, headers: viewer.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field });
  });
});
