import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemType } from '@melon/db/enums';
import type { CallDeclaration, CallOutput } from '@melon/shared/calls/call';
import {
  addFavorite,
  addVote,
  deleteFavorite,
  diggAction,
  favoriteAction,
  getFavorites,
  searchFavorites,
} from '@melon/shared/calls/favorite.calls';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

/*
 * Likes, favourites and the favourites list through real HTTP on a real database: what each call
 * answers, what it stores, and what the video details then show the viewer.
 */

let t: TestApp;
let viewer: Visitor;
let author = '';

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId, { name: '收藏作者' });
  viewer = await t.signedIn(await createUser(t.db, t.newId));
});
afterAll(() => t.close());

/** The call's answer to a POST of `payload`: its status and envelope. */
async function post<D extends CallDeclaration>(call: D, payload: object, headers = viewer.headers) {
  const res = await t.app.inject({ method: 'POST', url: call.path, headers, payload });
  return { status: res.statusCode, body: res.json<{ code: number; data: CallOutput<D> }>() };
}

/** The call's answer to a GET with the query string `query`. */
async function get<D extends CallDeclaration>(call: D, query = '', headers = viewer.headers) {
  const res = await t.app.inject({ url: `${call.path}${query}`, headers });
  return { status: res.statusCode, body: res.json<{ code: number; data: CallOutput<D> }>() };
}

const counters = (itemId: string) =>
  t.db
    .selectFrom('items')
    .select(['digg_count', 'favorite_count'])
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();

const details = async (itemId: string, headers = viewer.headers) =>
  (await get(getVideoDetails, `?group_id=${itemId}`, headers)).body.data;

describe('POST /api/videov2/digg_action', () => {
  it('likes once however often it is asked, and the cancel takes the one like back', async () => {
    const item = await createItem(t.db, t.newId, author);
    const like = { group_id: item, action: 'digg' };
    const first = await post(diggAction, like);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ group_id: item, digg_count: 1, user_digg: true });
    const again = await post(diggAction, like);
    expect(again.body.data.digg_count).toBe(1);
    expect(await counters(item)).toMatchObject({ digg_count: 1 });

    const cancel = { group_id: item, action: 'cancel_digg' };
    const undone = await post(diggAction, cancel);
    expect(undone.body.data).toEqual({ group_id: item, digg_count: 0, user_digg: false });
    const undoneAgain = await post(diggAction, cancel);
    expect(undoneAgain.body.data.digg_count).toBe(0);
    expect(await counters(item)).toMatchObject({ digg_count: 0 });
  });

  it('shows the viewer their like on the video details, and nobody else', async () => {
    const item = await createItem(t.db, t.newId, author);
    expect(await details(item)).toMatchObject({ user_digg: false, digg_count: 0 });
    await post(diggAction, { group_id: item, action: 'digg' });
    expect(await details(item)).toMatchObject({ user_digg: true, digg_count: 1 });
    const other = await t.signedIn(await createUser(t.db, t.newId));
    expect(await details(item, other.headers)).toMatchObject({ user_digg: false, digg_count: 1 });
    expect(await details(item, t.visitor().headers)).toMatchObject({ user_digg: false });
  });
});

describe('favourites', () => {
  it('favorite_action and add/favorite count once; the cancel and delete/favorite uncount', async () => {
    const item = await createItem(t.db, t.newId, author);
    const added = await post(favoriteAction, {
      group_id: item,
      action: 'favorite',
    });
    expect(added.body.data).toEqual({ group_id: item, favorite_count: 1, user_favorite: true });
    const twice = await post(addFavorite, { group_id: item });
    expect(twice.body.data).toEqual({ group_id: item, favorite_count: 1, user_favorite: true });
    expect(await details(item)).toMatchObject({ user_favorite: true, favorite_count: 1 });

    const cancelled = await post(favoriteAction, {
      group_id: item,
      action: 'cancel_favorite',
    });
    expect(cancelled.body.data).toEqual({
      group_id: item,
      favorite_count: 0,
      user_favorite: false,
    });
    expect(await details(item)).toMatchObject({ user_favorite: false, favorite_count: 0 });

    await post(addFavorite, { group_id: item });
    const deleted = await post(deleteFavorite, { group_ids: [item, item] });
    expect(deleted.body.data).toEqual({ deleted: 1 });
    const none = await post(deleteFavorite, { group_ids: [item] });
    expect(none.body.data).toEqual({ deleted: 0 });
    expect(await counters(item)).toMatchObject({ favorite_count: 0 });
  });

  it('lists the viewer’s favourites newest first, by tab, page by page, and searches titles', async () => {
    const collector = await t.signedIn(await createUser(t.db, t.newId));
    const made: { id: string; kind: ItemType }[] = [];
    const kinds = [ItemType.ShortVideo, ItemType.Episode, ItemType.Series, ItemType.ShortVideo];
    for (const [index, kind] of kinds.entries()) {
      const id = await createItem(t.db, t.newId, author, {
        itemType: kind,
        title: `收藏测试 ${index} ${index % 2 === 0 ? '猫咪 Cat' : '风景'}`,
      });
      made.push({ id, kind });
      await post(addFavorite, { group_id: id }, collector.headers);
    }
    const newestFirst = made.map((entry) => entry.id).reverse();

    const all = await get(getFavorites, '', collector.headers);
    expect(all.status).toBe(200);
    expect(all.body.data.list.map((entry) => entry.group_id)).toEqual(newestFirst);
    expect(all.body.data.hasMore).toBe(false);
    expect(all.body.data.list[0]).toMatchObject({
      title: '收藏测试 3 风景',
      item_type: 0,
      duration: 61.5,
      cover_url: `/media/covers/${newestFirst[0] ?? ''}-large.webp`,
      user_info: { user_id: author, name: '收藏作者' },
    });

    const tab = async (key: string) =>
      (await get(getFavorites, `?tab_key=${key}`, collector.headers)).body.data.list.map(
        (entry) => entry.group_id,
      );
    expect(await tab('svideo')).toEqual([made[3]?.id, made[0]?.id]);
    expect(await tab('lvideo')).toEqual([made[1]?.id]);
    expect(await tab('pseries')).toEqual([made[2]?.id]);

    const pages: string[] = [];
    let cursor = '';
    for (;;) {
      const query = `count=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await get(getFavorites, `?${query}`, collector.headers);
      pages.push(...page.body.data.list.map((entry) => entry.group_id));
      if (!page.body.data.hasMore) break;
      cursor = page.body.data.cursor;
    }
    expect(pages).toEqual(newestFirst);

    const search = await get(
      searchFavorites,
      `?keyword=${encodeURIComponent('cat')}`,
      collector.headers,
    );
    expect(search.body.data.list.map((entry) => entry.group_id)).toEqual([
      made[2]?.id,
      made[0]?.id,
    ]);
    const literal = await get(
      searchFavorites,
      `?keyword=${encodeURIComponent('%')}`,
      collector.headers,
    );
    expect(literal.body.data.list).toEqual([]);
  });

  it('leaves out of the list a favourite its author has since made private', async () => {
    const collector = await t.signedIn(await createUser(t.db, t.newId));
    const kept = await createItem(t.db, t.newId, author);
    const hidden = await createItem(t.db, t.newId, author);
    for (const id of [kept, hidden]) {
      await post(addFavorite, { group_id: id }, collector.headers);
    }
    await t.db.updateTable('items').set({ visibility: 15 }).where('id', '=', hidden).execute();
    const list = await get(getFavorites, '', collector.headers);
    expect(list.body.data.list.map((entry) => entry.group_id)).toEqual([kept]);
    // The owner may still tidy it away, and the count follows.
    const removed = await post(deleteFavorite, { group_ids: [hidden] }, collector.headers);
    expect(removed.body.data.deleted).toBe(1);
    expect(await counters(hidden)).toMatchObject({ favorite_count: 0 });
  });
});

describe('POST /api/videov2/add_vote', () => {
  it('counts one ballot per viewer and answers the tallies; another option later is refused', async () => {
    const item = await createItem(t.db, t.newId, author);
    const vote = t.newId();
    await t.db
      .insertInto('item_votes')
      .values({ id: vote, item_id: item, title: '下期拍什么', created_at: Date.now() })
      .execute();
    await t.db
      .insertInto('item_vote_options')
      .values([
        { vote_id: vote, option_id: 1, text: '美食' },
        { vote_id: vote, option_id: 2, text: '旅行' },
      ])
      .execute();
    const first = await post(addVote, { vote_id: vote, option_id: 2 });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      vote_id: vote,
      group_id: item,
      title: '下期拍什么',
      options: [
        { option_id: 1, text: '美食', vote_count: 0 },
        { option_id: 2, text: '旅行', vote_count: 1 },
      ],
      voted_option: 2,
    });
    const same = await post(addVote, { vote_id: vote, option_id: 2 });
    expect(same.body.data.options[1]?.vote_count).toBe(1);
    const other = await post(addVote, { vote_id: vote, option_id: 1 });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      code: 409,
      message: '你已经投过票了',
      field: 'option_id',
    });
    const tallies = await t.db
      .selectFrom('item_vote_options')
      .select('vote_count')
      .where('vote_id', '=', vote)
      .orderBy('option_id')
      .execute();
    expect(tallies.map((row) => row.vote_count)).toEqual([0, 1]);
  });
});
