import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addFavorite,
  addVote,
  deleteFavorite,
  diggAction,
  favoriteAction,
} from '@melon/shared/calls/favorite.calls';
import type { Visitor } from '../../testing/test-app.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/*
 * 200 viewers, each with their own session, like and favourite one item at the same moment, each
 * sending the like twice: the counters end exact (200, not 400 and not fewer), on SQLite and on
 * PostgreSQL (MELON_TEST_DIALECT). Then half of them cancel at once, and the counters follow;
 * and all of them vote in one poll at once (twice each), each ballot counted once.
 */

// 200 sessions and 800 concurrent requests on a shared machine: generous, never a timing claim.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const VIEWERS = 200;
let t: TestApp;
let item = '';
const viewers: Visitor[] = [];

beforeAll(async () => {
  t = await createTestApp();
  item = await createItem(t.db, t.newId, await createUser(t.db, t.newId));
  for (let i = 0; i < VIEWERS; i += 1) {
    viewers.push(await t.signedIn(await createUser(t.db, t.newId)));
  }
});
afterAll(() => t.close());

async function post(url: string, viewer: Visitor, payload: object): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url, headers: viewer.headers, payload });
  return res.statusCode;
}

async function stored() {
  const [counters, diggs, favorites] = await Promise.all([
    t.db
      .selectFrom('items')
      .select(['digg_count', 'favorite_count'])
      .where('id', '=', item)
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('item_diggs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('item_id', '=', item)
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('favorites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('item_id', '=', item)
      .executeTakeFirstOrThrow(),
  ]);
  return { ...counters, diggs: diggs.n, favorites: favorites.n };
}

describe('concurrent likes and favourites', () => {
  it(`${VIEWERS} viewers liking (twice each) and favouriting at once leave exact counters`, async () => {
    const like = { group_id: item, action: 'digg' };
    const statuses = await Promise.all(
      viewers.flatMap((viewer) => [
        post(diggAction.path, viewer, like),
        post(diggAction.path, viewer, like),
        post(addFavorite.path, viewer, { group_id: item }),
      ]),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await stored()).toEqual({
      digg_count: VIEWERS,
      favorite_count: VIEWERS,
      diggs: VIEWERS,
      favorites: VIEWERS,
    });
  });

  it('half of them cancelling at once (twice each) takes exactly their likes and favourites back', async () => {
    const leaving = viewers.slice(0, VIEWERS / 2);
    const cancel = { group_id: item, action: 'cancel_digg' };
    const statuses = await Promise.all(
      leaving.flatMap((viewer) => [
        post(diggAction.path, viewer, cancel),
        post(diggAction.path, viewer, cancel),
        post(deleteFavorite.path, viewer, { group_ids: [item] }),
        post(favoriteAction.path, viewer, { group_id: item, action: 'cancel_favorite' }),
      ]),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const left = VIEWERS - leaving.length;
    expect(await stored()).toEqual({
      digg_count: left,
      favorite_count: left,
      diggs: left,
      favorites: left,
    });
  });
});

describe('concurrent votes', () => {
  it(`${VIEWERS} viewers voting at once (twice each) are each counted once`, async () => {
    const vote = t.newId();
    await t.db
      .insertInto('item_votes')
      .values({ id: vote, item_id: item, title: '猫还是狗', created_at: Date.now() })
      .execute();
    await t.db
      .insertInto('item_vote_options')
      .values([
        { vote_id: vote, option_id: 1, text: '猫' },
        { vote_id: vote, option_id: 2, text: '狗' },
      ])
      .execute();
    const statuses = await Promise.all(
      viewers.flatMap((viewer, index) => {
        const ballot = { vote_id: vote, option_id: (index % 2) + 1 };
        return [post(addVote.path, viewer, ballot), post(addVote.path, viewer, ballot)];
      }),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const tallies = await t.db
      .selectFrom('item_vote_options')
      .select(['option_id', 'vote_count'])
      .where('vote_id', '=', vote)
      .orderBy('option_id')
      .execute();
    expect(tallies).toEqual([
      { option_id: 1, vote_count: VIEWERS / 2 },
      { option_id: 2, vote_count: VIEWERS / 2 },
    ]);
  });
});
