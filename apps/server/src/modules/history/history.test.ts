import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemType, Visibility } from '@melon/db/enums';
import {
  HISTORY_MAX_ENTRIES,
  type HistoryDeleted,
  type HistoryDuration,
  type HistoryPage,
} from '@melon/shared/contracts/history';
import {
  addWatchHistory,
  deleteHistory,
  getHistory,
  getHistoryDuration,
  searchHistory,
  setWatchProgress,
} from '@melon/shared/calls/history.calls';
import type { AnswerEnvelope as Envelope } from '../../testing/answer-envelope.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';

/*
 * Watch history through real HTTP on the dialect under test: progress reports are one upsert
 * per viewer and item, the stored position is what history_duration answers (start rule 4), the
 * lists page newest first by a cursor and leave out what the viewer may no longer see, and
 * deletes remove only the viewer's own entries.
 */

let t: TestApp;
let author: string;
let viewer: Visitor;
let viewerId: string;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId);
  viewerId = await createUser(t.db, t.newId);
  viewer = await t.signedIn(viewerId);
});
afterAll(() => t.close());

async function post<T>(url: string, headers: Record<string, string>, payload: object) {
  const res = await t.app.inject({ method: 'POST', url: `${url}?aid=1768`, headers, payload });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, body: res.json<Envelope<T>>(), headers: res.headers };
}

const progress = (headers: Record<string, string>, contentId: string, seconds: number) =>
  post<HistoryDuration>(setWatchProgress.path, headers, {
    content_id: contentId,
    progress: seconds,
  });

const position = async (contentId: string, headers: Record<string, string>) =>
  (await get<HistoryDuration>(`${getHistoryDuration.path}?content_id=${contentId}`, headers)).body
    .data.history_duration;

async function historyOf(visitor: Visitor, query = ''): Promise<HistoryPage> {
  const res = await get<HistoryPage>(`${getHistory.path}?aid=1768${query}`, visitor.headers);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function freshViewer(): Promise<Visitor> {
  return t.signedIn(await createUser(t.db, t.newId));
}

describe('set_watch_progress and history_duration', () => {
  it('stores the position and answers it on any device of the same user', async () => {
    const item = await createItem(t.db, t.newId, author);
    expect(await position(item, viewer.headers)).toBeNull();
    const res = await progress(viewer.headers, item, 23.4);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ content_id: item, history_duration: 23.4 });
    // Another session of the same user: another browser, another device.
    const otherDevice = await t.signedIn(viewerId);
    expect(await position(item, otherDevice.headers)).toBe(23.4);
    // A visitor has no history, and another user has their own.
    expect(await position(item, t.visitor().headers)).toBeNull();
    expect(await position(item, (await freshViewer()).headers)).toBeNull();
  });

  it('keeps one entry per user and item, moving with every report', async () => {
    const item = await createItem(t.db, t.newId, author);
    for (const seconds of [15, 30, 12.5]) await progress(viewer.headers, item, seconds);
    const rows = await t.db
      .selectFrom('watch_history')
      .selectAll()
      .where('item_id', '=', item)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.progress_ms).toBe(12_500);
  });

  it('cuts a position past the end to the item length: watched through', async () => {
    const item = await createItem(t.db, t.newId, author);
    const res = await progress(viewer.headers, item, 10_000);
    expect(res.body.data.history_duration).toBe(61.5);
  });

  it('lands every one of many concurrent reports for one entry whole', async () => {
    const item = await createItem(t.db, t.newId, author);
    const seconds = Array.from({ length: 20 }, (_, i) => i + 1);
    const results = await Promise.all(seconds.map((s) => progress(viewer.headers, item, s)));
    expect(results.map((r) => r.status)).toEqual(seconds.map(() => 200));
    const rows = await t.db
      .selectFrom('watch_history')
      .select('progress_ms')
      .where('item_id', '=', item)
      .execute();
    expect(rows).toHaveLength(1);
    expect(seconds.map((s) => s * 1000)).toContain(rows[0]?.progress_ms);
  });

  it('add_watch_history puts the item on top and keeps the stored position', async () => {
    const me = await freshViewer();
    const first = await createItem(t.db, t.newId, author);
    const second = await createItem(t.db, t.newId, author);
    await progress(me.headers, first, 40);
    await progress(me.headers, second, 5);
    // Watched long ago, the second after the first: the add is surely later than both.
    for (const [item, at] of [
      [first, 1000],
      [second, 2000],
    ] as const) {
      await t.db
        .updateTable('watch_history')
        .set({ watched_at: at })
        .where('item_id', '=', item)
        .execute();
    }
    expect((await historyOf(me)).list.map((e) => e.groupId)).toEqual([second, first]);
    const res = await post<HistoryDuration>(addWatchHistory.path, me.headers, {
      content_id: first,
    });
    expect(res.body.data).toEqual({ content_id: first, history_duration: 40 });
    const fresh = await createItem(t.db, t.newId, author);
    const added = await post<HistoryDuration>(addWatchHistory.path, me.headers, {
      content_id: fresh,
    });
    expect(added.body.data.history_duration).toBe(0);
    expect((await historyOf(me)).list.map((e) => e.groupId)).toEqual([fresh, first, second]);
  });

  it('add_watch_history and progress reports count no play: the play reports do (decision 039)', async () => {
    const me = await freshViewer();
    const item = await createItem(t.db, t.newId, author, { playCount: 0 });
    const plays = async () =>
      (
        await t.db
          .selectFrom('items')
          .select('play_count')
          .where('id', '=', item)
          .executeTakeFirstOrThrow()
      ).play_count;
    await post(addWatchHistory.path, me.headers, { content_id: item });
    await progress(me.headers, item, 12);
    expect(await plays()).toBe(0);
    const rows = await t.db
      .selectFrom('item_plays')
      .select('id')
      .where('item_id', '=', item)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses items that are not played themselves (an album) with 400', async () => {
    const album = await createItem(t.db, t.newId, author, { itemType: ItemType.Album });
    const res = await progress(viewer.headers, album, 3);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('content_id');
  });

  it('answers 404 for items the viewer may not see, and stores nothing', async () => {
    const hidden = await createItem(t.db, t.newId, author, { visibility: Visibility.Self });
    expect((await progress(viewer.headers, hidden, 3)).status).toBe(404);
    expect((await progress(viewer.headers, '1234567890123456789', 3)).status).toBe(404);
    const rows = await t.db
      .selectFrom('watch_history')
      .select('item_id')
      .where('item_id', '=', hidden)
      .execute();
    expect(rows).toEqual([]);
    const res = await get(`${getHistoryDuration.path}?content_id=${hidden}`, viewer.headers);
    expect(res.status).toBe(404);
  });
});

describe('the history’s bound', () => {
  it(`keeps the newest ${HISTORY_MAX_ENTRIES} entries: a new one pushes the oldest out`, async () => {
    const meId = await createUser(t.db, t.newId);
    const me = await t.signedIn(meId);
    const old: string[] = [];
    for (let i = 0; i < HISTORY_MAX_ENTRIES; i += 1)
      old.push(await createItem(t.db, t.newId, author));
    // Watched long ago, the first one longest ago.
    await t.db
      .insertInto('watch_history')
      .values(old.map((item, i) => ({ user_id: meId, item_id: item, watched_at: 1000 + i })))
      .execute();
    const fresh = await createItem(t.db, t.newId, author);
    const res = await post(addWatchHistory.path, me.headers, { content_id: fresh });
    expect(res.status).toBe(200);
    const kept = await t.db
      .selectFrom('watch_history')
      .select('item_id')
      .where('user_id', '=', meId)
      .execute();
    expect(kept).toHaveLength(HISTORY_MAX_ENTRIES);
    const keptIds = new Set(kept.map((row) => row.item_id));
    expect(keptIds.has(old[0] ?? '')).toBe(false);
    expect(keptIds.has(old[1] ?? '')).toBe(true);
    expect(keptIds.has(fresh)).toBe(true);
  });
});

describe('get/history', () => {
  it('lists newest first with progress, duration and author, not cached', async () => {
    const me = await freshViewer();
    const older = await createItem(t.db, t.newId, author, { title: '较早看的' });
    const newer = await createItem(t.db, t.newId, author, { title: '刚看的' });
    await progress(me.headers, older, 10);
    await progress(me.headers, newer, 20);
    const res = await get<HistoryPage>(getHistory.path, me.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    const [first, second] = res.body.data.list;
    expect(first).toMatchObject({
      groupId: newer,
      title: '刚看的',
      progress: 20,
      duration: 61.5,
      itemType: 0,
      userInfo: { user_id: author },
    });
    expect(first?.coverUrl).toContain(`covers/${newer}-large.webp`);
    expect(second?.groupId).toBe(older);
    expect(res.body.data).toMatchObject({ hasMore: false, cursor: null });
  });

  it('pages by cursor without repeating or skipping, even as entries move to the top', async () => {
    const me = await freshViewer();
    const items: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const item = await createItem(t.db, t.newId, author);
      items.push(item);
      await progress(me.headers, item, i + 1);
    }
    const seen: string[] = [];
    let page = await historyOf(me, '&count=3');
    seen.push(...page.list.map((e) => e.groupId));
    // Re-watching one already seen moves it to the top, behind the cursor.
    await progress(me.headers, items[6] ?? '', 99);
    while (page.hasMore && page.cursor) {
      page = await historyOf(me, `&count=3&cursor=${page.cursor}`);
      seen.push(...page.list.map((e) => e.groupId));
    }
    expect(seen).toEqual([...items].reverse());
  });

  it('splits by tab: short videos and episodes', async () => {
    const me = await freshViewer();
    const video = await createItem(t.db, t.newId, author);
    const episode = await createItem(t.db, t.newId, author, { itemType: ItemType.Episode });
    await progress(me.headers, video, 5);
    await progress(me.headers, episode, 6);
    const ids = async (type: string) =>
      (await historyOf(me, `&type=${type}`)).list.map((e) => e.groupId);
    expect(await ids('all')).toEqual([episode, video]);
    expect(await ids('svideo')).toEqual([video]);
    expect(await ids('lvideo')).toEqual([episode]);
  });

  it('leaves out items the viewer can no longer see (item policy), and shows them again', async () => {
    const me = await freshViewer();
    const kept = await createItem(t.db, t.newId, author);
    const hidden = await createItem(t.db, t.newId, author);
    await progress(me.headers, kept, 5);
    await progress(me.headers, hidden, 5);
    const setVisibility = (visibility: Visibility) =>
      t.db.updateTable('items').set({ visibility }).where('id', '=', hidden).execute();
    await setVisibility(Visibility.Self);
    expect((await historyOf(me)).list.map((e) => e.groupId)).toEqual([kept]);
    expect((await get(`${getHistoryDuration.path}?content_id=${hidden}`, me.headers)).status).toBe(
      404,
    );
    await setVisibility(Visibility.All);
    expect((await historyOf(me)).list.map((e) => e.groupId)).toEqual([hidden, kept]);
  });
});

describe('search/history', () => {
  it('finds titles containing the words, case-insensitively and with wildcards as text', async () => {
    const me = await freshViewer();
    const cat = await createItem(t.db, t.newId, author, { title: '猫咪 Vlog 第一期' });
    const percent = await createItem(t.db, t.newId, author, { title: '涨幅 100% 的秘密' });
    await createItem(t.db, t.newId, author, { title: '猫咪没看过' });
    await progress(me.headers, cat, 3);
    await progress(me.headers, percent, 3);
    const search = async (keyword: string) =>
      (
        await get<HistoryPage>(
          `${searchHistory.path}?keyword=${encodeURIComponent(keyword)}`,
          me.headers,
        )
      ).body.data.list.map((e) => e.groupId);
    expect(await search('猫咪')).toEqual([cat]);
    expect(await search('vlog')).toEqual([cat]);
    expect(await search('100%')).toEqual([percent]);
    expect(await search('%')).toEqual([percent]);
    expect(await search('_')).toEqual([]);
  });
});

describe('delete/history', () => {
  it('deletes one, several, then all; only the viewer’s own entries', async () => {
    const me = await freshViewer();
    const other = await freshViewer();
    const items = [];
    for (let i = 0; i < 4; i += 1) items.push(await createItem(t.db, t.newId, author));
    for (const item of items) await progress(me.headers, item, 5);
    await progress(other.headers, items[0] ?? '', 5);
    const del = (payload: object) => post<HistoryDeleted>(deleteHistory.path, me.headers, payload);
    expect((await del({ content_ids: [items[0]] })).body.data).toEqual({ deleted: 1 });
    expect((await del({ content_ids: [items[1], items[2]] })).body.data).toEqual({ deleted: 2 });
    // Deleting what is gone already is no error.
    expect((await del({ content_ids: [items[1]] })).body.data).toEqual({ deleted: 0 });
    expect((await historyOf(me)).list.map((e) => e.groupId)).toEqual([items[3]]);
    expect((await del({ all: true })).body.data).toEqual({ deleted: 1 });
    expect((await historyOf(me)).list).toEqual([]);
    expect((await historyOf(other)).list.map((e) => e.groupId)).toEqual([items[0]]);
  });
});
