import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visibility } from '@melon/db/enums';
import {
  addPlaylistItem,
  createPlaylist,
  getMyPlaylists,
  getUserPlaylists,
  removePlaylistItem,
} from '@melon/shared/calls/playlist.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * Playlists (decision 044): made from any video by a signed-in user, listed in order on
 * /api/userv2/playlist, public ones for everyone and all for their owner; only the owner
 * changes one, and the item policy holds for every video in it.
 */

let t: TestApp;
let owner = '';
let ownerSession: Visitor;
let other: Visitor;
let videos: string[] = [];
let hiddenOfOther = '';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, t.newId, { name: '列表主人' });
  ownerSession = await t.signedIn(owner);
  const otherId = await createUser(t.db, t.newId);
  other = await t.signedIn(otherId);
  const author = await createUser(t.db, t.newId);
  videos = [];
  for (let n = 0; n < 3; n += 1) videos.push(await createItem(t.db, t.newId, author));
  hiddenOfOther = await createItem(t.db, t.newId, author, { visibility: Visibility.Self });
});
afterAll(() => t.close());

function post(url: string, viewer: Visitor, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: viewer.headers, payload });
}

interface State {
  playlist: { playlist_id: string; item_count: number; title: string; is_public: boolean };
  contains: boolean;
}

async function create(viewer: Visitor, body: object): Promise<State> {
  const res = await post(createPlaylist.path, viewer, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: State }>().data;
}

async function snapshot() {
  const [playlists, items] = await Promise.all([
    t.db.selectFrom('playlists').select(['id', 'item_count', 'title']).orderBy('id').execute(),
    t.db
      .selectFrom('playlist_items')
      .select(['playlist_id', 'item_id', 'position'])
      .orderBy('playlist_id')
      .orderBy('position')
      .execute(),
  ]);
  return { playlists, items };
}

describe('making a playlist and playing it in order', () => {
  it('creates one with a first video, adds more at the end, and lists them in order', async () => {
    const made = await create(ownerSession, { title: ' 周末看 ', group_id: videos[2] });
    expect(made).toMatchObject({
      playlist: { title: '周末看', item_count: 1, is_public: true },
      contains: true,
    });
    const id = made.playlist.playlist_id;
    for (const video of [videos[0], videos[1], videos[0]]) {
      const res = await post(addPlaylistItem.path, ownerSession, {
        playlist_id: id,
        group_id: video,
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.app.inject({
      url: `${getUserPlaylists.path}?user_id=${owner}&playlist_id=${id}`,
    });
    const data = res.json<{
      data: {
        user_info: { name: string };
        list: { playlist_id: string; item_count: number; cover_url: string }[];
        items: { id: string }[];
      };
    }>().data;
    expect(data.user_info.name).toBe('列表主人');
    expect(data.list).toEqual([
      expect.objectContaining({
        playlist_id: id,
        item_count: 3,
        cover_url: `/media/covers/${videos[2]}-large.webp`,
      }),
    ]);
    expect(data.items.map((item) => item.id)).toEqual([videos[2], videos[0], videos[1]]);

    const removed = await post(removePlaylistItem.path, ownerSession, {
      playlist_id: id,
      group_id: videos[0],
    });
    expect(removed.json<{ data: State }>().data).toMatchObject({
      playlist: { item_count: 2 },
      contains: false,
    });
    const mine = await t.app.inject({
      url: `${getMyPlaylists.path}?group_id=${videos[1]}`,
      headers: ownerSession.headers,
    });
    expect(
      mine.json<{ data: { list: { playlist_id: string; contains: boolean }[] } }>().data.list,
    ).toEqual([expect.objectContaining({ playlist_id: id, contains: true })]);
  });

  it('lists a private playlist for its owner only', async () => {
    const made = await create(ownerSession, { title: '私藏', is_public: false });
    const listed = async (viewer?: Visitor) => {
      const res = await t.app.inject({
        url: `${getUserPlaylists.path}?user_id=${owner}`,
        headers: viewer?.headers ?? {},
      });
      return res
        .json<{ data: { list: { playlist_id: string }[] } }>()
        .data.list.map((p) => p.playlist_id);
    };
    expect(await listed(ownerSession)).toContain(made.playlist.playlist_id);
    expect(await listed(other)).not.toContain(made.playlist.playlist_id);
    expect(await listed()).not.toContain(made.playlist.playlist_id);
    const direct = await t.app.inject({
      url: `${getUserPlaylists.path}?user_id=${owner}&playlist_id=${made.playlist.playlist_id}`,
    });
    expect(direct.statusCode).toBe(404);
  });

  it('leaves out a video that became self-only, for everyone but its author', async () => {
    const made = await create(ownerSession, { title: '会变的', group_id: videos[1] });
    const id = made.playlist.playlist_id;
    await t.db
      .updateTable('items')
      .set({ visibility: Visibility.Self })
      .where('id', '=', videos[1] ?? '')
      .execute();
    const res = await t.app.inject({
      url: `${getUserPlaylists.path}?user_id=${owner}&playlist_id=${id}`,
    });
    const data = res.json<{
      data: { list: { playlist_id: string; item_count: number }[]; items: unknown[] };
    }>().data;
    expect(data.items).toEqual([]);
    expect(data.list.find((p) => p.playlist_id === id)?.item_count).toBe(0);
    await t.db
      .updateTable('items')
      .set({ visibility: Visibility.All })
      .where('id', '=', videos[1] ?? '')
      .execute();
  });
});

describe('refusals', () => {
  it('refuses another user changing the playlist with 403, and changes nothing', async () => {
    const made = await create(ownerSession, { title: '别人的', group_id: videos[0] });
    const before = await snapshot();
    for (const url of [addPlaylistItem.path, removePlaylistItem.path]) {
      const res = await post(url, other, {
        playlist_id: made.playlist.playlist_id,
        group_id: videos[0],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 403,
        message: '只能修改自己的播放列表',
        data: null,
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a video hidden from the user and an unknown playlist with 404, and changes nothing', async () => {
    const made = await create(ownerSession, { title: '隐藏的' });
    const before = await snapshot();
    const hidden = await post(addPlaylistItem.path, ownerSession, {
      playlist_id: made.playlist.playlist_id,
      group_id: hiddenOfOther,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 404, message: '视频不存在' });
    const unknown = await post(addPlaylistItem.path, ownerSession, {
      playlist_id: '7000000000000000404',
      group_id: videos[0],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, message: '播放列表不存在' });
    const blank = await post(createPlaylist.path, ownerSession, { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 400, field: 'title' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown user and 400 for a malformed one', async () => {
    expect(
      (await t.app.inject({ url: `${getUserPlaylists.path}?user_id=7000000000000000404` }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `${getUserPlaylists.path}?user_id=01` })).statusCode).toBe(
      400,
    );
  });

  let target = '';
  beforeAll(async () => {
    target = (await create(ownerSession, { title: '目标' })).playlist.playlist_id;
  });

  describe.each([
    [
      'create',
      createPlaylist.path,
      () => ({ title: '新的' }),
      () => ['title', { title: 'x'.repeat(41) }],
    ],
    [
      'add_item',
      addPlaylistItem.path,
      () => ({ playlist_id: target, group_id: videos[0] }),
      () => ['group_id', { playlist_id: target, group_id: '0123' }],
    ],
    [
      'remove_item',
      removePlaylistItem.path,
      () => ({ playlist_id: target, group_id: videos[0] }),
      () => ['playlist_id', { playlist_id: 'x', group_id: videos[0] }],
    ],
  ] satisfies [string, string, () => object, () => [string, object]][])(
    '%s',
    (_name, url, body, malformed) => {
      itRefusesBadWrites({
        send: (headers, payload) => t.app.inject({ method: 'POST', url, headers, payload }),
        signedIn: () => ownerSession.headers,
        visitor: () => t.visitor().headers,
        body,
        malformed: () => {
          const [field, payload] = malformed();
          return [field, { ...payload }];
        },
        snapshot,
      });
    },
  );
});
