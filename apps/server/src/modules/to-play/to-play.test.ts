import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ItemType, Visibility } from '@melon/db/enums';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { TO_PLAY_MAX_ENTRIES, type ToPlayList } from '@melon/shared/contracts/to-play';
import {
  addToPlay,
  clearToPlay,
  getToPlayCards,
  getToPlayList,
  mergeToPlay,
  removeToPlay,
} from '@melon/shared/calls/to-play.calls';
import type { CallDeclaration } from '@melon/shared/calls/call';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * The to-play basket (decision 051): a signed-in user's videos and albums in the order they
 * went in, read through the item policy; a visitor's local list shown through `cards` and
 * merged on sign-in, de-duplicated, in order, within the cap.
 */

let t: TestApp;
let userId = '';
let user: Visitor;
let author = '';
let videos: string[] = [];
let hidden = '';
let album = '';
let episodes: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  userId = await createUser(t.db, t.newId);
  user = await t.signedIn(userId);
  author = await createUser(t.db, t.newId);
  videos = [];
  for (let n = 0; n < 4; n += 1) videos.push(await createItem(t.db, t.newId, author));
  hidden = await createItem(t.db, t.newId, author, { visibility: Visibility.Self });
  album = await createItem(t.db, t.newId, author, { itemType: ItemType.Album, title: '测试剧' });
  await t.db
    .insertInto('albums')
    .values({ item_id: album, album_type: 2, year: 2026, total_episodes: 3 })
    .execute();
  episodes = [];
  for (const seq of [1, 2, 3]) {
    const episode = await createItem(t.db, t.newId, author, { itemType: ItemType.Episode });
    episodes.push(episode);
    await t.db
      .insertInto('album_episodes')
      .values({ album_id: album, item_id: episode, seq, opening_ms: null, ending_ms: null })
      .execute();
  }
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.deleteFrom('to_play_items').execute();
  await t.db.deleteFrom('watch_history').execute();
});

function post(call: CallDeclaration, viewer: Visitor, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: call.path,
    headers: viewer.headers,
    payload,
  });
}

async function write(call: CallDeclaration, payload: object): Promise<ToPlayList> {
  const res = await post(call, user, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ToPlayList }>().data;
}

async function basket(viewer: Visitor = user): Promise<ToPlayList> {
  const res = await t.app.inject({ url: getToPlayList.path, headers: viewer.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ToPlayList }>().data;
}

const ids = (list: ToPlayList) => list.list.map((entry) => entry.group_id);

const stored = () =>
  t.db
    .selectFrom('to_play_items')
    .select(['user_id', 'item_id', 'position'])
    .orderBy('user_id')
    .orderBy('position')
    .execute();

describe('the basket', () => {
  it('adds at the end, once each, removes and clears', async () => {
    await write(addToPlay, { group_id: videos[1] });
    await write(addToPlay, { group_id: videos[0] });
    const again = await write(addToPlay, { group_id: videos[1] });
    expect(ids(again)).toEqual([videos[1], videos[0]]);
    expect(again.max).toBe(TO_PLAY_MAX_ENTRIES);
    expect(again.list[0]).toMatchObject({
      group_id: videos[1],
      item_type: 0,
      play_id: videos[1],
      duration: 61.5,
      episode_label: '',
      cover_url: `/media/covers/${videos[1]}-large.webp`,
    });
    expect(ids(await write(removeToPlay, { group_id: videos[1] }))).toEqual([videos[0]]);
    expect(ids(await write(removeToPlay, { group_id: videos[1] }))).toEqual([videos[0]]);
    expect(ids(await basket())).toEqual([videos[0]]);
    expect((await write(clearToPlay, {})).list).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('keeps each user to their own basket', async () => {
    await write(addToPlay, { group_id: videos[2] });
    const other = await t.signedIn(await createUser(t.db, t.newId));
    expect((await basket(other)).list).toEqual([]);
  });

  it('plays an album from its first unfinished episode, labelled', async () => {
    const first = await write(addToPlay, { group_id: album });
    expect(first.list).toEqual([
      expect.objectContaining({
        group_id: album,
        item_type: 24,
        title: '测试剧',
        play_id: episodes[0],
        episode_label: '第1集',
      }),
    ]);
    await t.db
      .insertInto('watch_history')
      .values([
        {
          user_id: userId,
          item_id: episodes[0] ?? '',
          progress_ms: 61_500,
          watched_at: Date.now(),
        },
        {
          user_id: userId,
          item_id: episodes[1] ?? '',
          progress_ms: 10_000,
          watched_at: Date.now(),
        },
      ])
      .execute();
    expect((await basket()).list[0]).toMatchObject({
      play_id: episodes[1],
      episode_label: '第2集',
    });
    // A visitor has no history: the album starts at its first episode.
    const cards = await t.app.inject({ url: `${getToPlayCards.path}?group_ids=${album}` });
    expect(cards.json<{ data: ToPlayList }>().data.list[0]?.play_id).toBe(episodes[0]);
  });

  it('drops an item hidden after it went in, and shows it again once it is back', async () => {
    const later = await createItem(t.db, t.newId, author);
    await write(addToPlay, { group_id: videos[0] });
    await write(addToPlay, { group_id: later });
    const setVisibility = (visibility: Visibility) =>
      t.db.updateTable('items').set({ visibility }).where('id', '=', later).execute();
    await setVisibility(Visibility.Delete);
    expect(ids(await basket())).toEqual([videos[0]]);
    await setVisibility(Visibility.All);
    expect(ids(await basket())).toEqual([videos[0], later]);
  });

  it('refuses an unknown or hidden item (404) and a series (400), changing nothing', async () => {
    const series = await createItem(t.db, t.newId, author, { itemType: ItemType.Series });
    for (const [group_id, status] of [
      ['1234567890123456789', 404],
      [hidden, 404],
      [series, 400],
    ] as const) {
      const res = await post(addToPlay, user, { group_id });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code: status, data: null });
      expect(res.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await stored()).toEqual([]);
  });

  it(`holds at most ${TO_PLAY_MAX_ENTRIES} entries, and says so`, async () => {
    const now = Date.now();
    const many: string[] = [];
    for (let n = 0; n < TO_PLAY_MAX_ENTRIES; n += 1)
      many.push(await createItem(t.db, t.newId, author));
    await t.db
      .insertInto('to_play_items')
      .values(
        many.map((id, n) => ({ user_id: userId, item_id: id, position: n + 1, added_at: now })),
      )
      .execute();
    const before = await stored();
    const res = await post(addToPlay, user, { group_id: videos[0] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: `待播最多 ${TO_PLAY_MAX_ENTRIES} 个，请先移出一些`,
    });
    // Adding one already there is no change, and no refusal.
    expect((await post(addToPlay, user, { group_id: many[5] ?? '' })).statusCode).toBe(200);
    const merged = await write(mergeToPlay, { group_ids: [videos[0], many[0], videos[1]] });
    expect(merged.skipped).toBe(2);
    expect(await stored()).toEqual(before);
    // A hidden entry does not count: one hidden, one goes in.
    await t.db
      .updateTable('items')
      .set({ visibility: Visibility.Self })
      .where('id', '=', many[0] ?? '')
      .execute();
    expect(ids(await write(addToPlay, { group_id: videos[0] })).at(-1)).toBe(videos[0]);
    expect((await post(addToPlay, user, { group_id: videos[1] })).statusCode).toBe(409);
  });
});

describe('a visitor’s local basket', () => {
  it('shows the entries of given ids in their order, without the hidden and unknown', async () => {
    const query = [videos[2], hidden, '1234567890123456789', videos[0], videos[2]].join(',');
    const res = await t.app.inject({ url: `${getToPlayCards.path}?group_ids=${query}` });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json<{ data: ToPlayList }>().data)).toEqual([videos[2], videos[0]]);
  });

  it('refuses a malformed id list with a field error', async () => {
    for (const query of ['', 'abc', `${videos[0]},`, Array(201).fill(videos[0]).join(',')]) {
      const res = await t.app.inject({ url: `${getToPlayCards.path}?group_ids=${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, field: 'group_ids' });
    }
  });

  it('merges after the stored entries, in order, once each, skipping what cannot go in', async () => {
    await write(addToPlay, { group_id: videos[1] });
    const merged = await write(mergeToPlay, {
      group_ids: [videos[3], videos[1], hidden, videos[3], album, '1234567890123456789'],
    });
    expect(ids(merged)).toEqual([videos[1], videos[3], album]);
    expect(merged.skipped).toBe(2);
    // Merging the same list again (a second tab) changes nothing.
    const before = await stored();
    expect(ids(await write(mergeToPlay, { group_ids: [videos[3], album] }))).toEqual(ids(merged));
    expect(await stored()).toEqual(before);
  });
});

describe('refusals', () => {
  const bodies: Record<string, { body: () => object; malformed: () => [string, object] }> = {
    add: {
      body: () => ({ group_id: videos[0] }),
      malformed: () => ['group_id', { group_id: 'x' }],
    },
    remove: {
      body: () => ({ group_id: videos[0] }),
      malformed: () => ['group_id', { group_id: '12' }],
    },
    merge: {
      body: () => ({ group_ids: [videos[0], videos[1]] }),
      malformed: () => ['group_ids', { group_ids: Array(201).fill(videos[0]) }],
    },
  };
  for (const [path, { body, malformed }] of Object.entries(bodies)) {
    describe(path, () => {
      beforeEach(async () => {
        await write(addToPlay, { group_id: videos[0] });
      });
      itRefusesBadWrites({
        send: (headers, payload) =>
          t.app.inject({ method: 'POST', url: `/api/videov2/toplay/${path}`, headers, payload }),
        signedIn: () => user.headers,
        visitor: () => t.visitor().headers,
        body: () => ({ ...body() }),
        malformed: () => {
          const [field, payload] = malformed();
          return [field, { ...payload }];
        },
        snapshot: stored,
      });
    });
  }

  it('refuses to clear for a visitor, a forged token or an oversize body, changing nothing', async () => {
    await write(addToPlay, { group_id: videos[0] });
    const before = await stored();
    const url = clearToPlay.path;
    const visitor = await t.app.inject({ method: 'POST', url, headers: t.visitor().headers });
    expect(visitor.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...user.headers, [CSRF_HEADER]: 'forged' },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    const oversize = await post(clearToPlay, user, { padding: 'x'.repeat(1024 * 1024 + 1) });
    expect(oversize.statusCode).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('answers 401 to a visitor asking for the basket', async () => {
    const res = await t.app.inject({ url: getToPlayList.path });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, data: null });
  });
});
