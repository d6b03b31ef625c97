import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visibility } from '@melon/db/enums';
import {
  createStudioSeries,
  deleteStudioSeries,
  getStudioSeries,
  setStudioSeriesItems,
  updateStudioSeries,
} from '@melon/shared/calls/studio-series.calls';
import { getSeriesInfo, getSeriesItems } from '@melon/shared/calls/series.calls';
import { fillPath, type CallDeclaration } from '@melon/shared/calls/call';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * The creator studio's series manager (decision 046): the author makes a series of their own
 * videos, reorders, adds, removes and deletes it; the public series calls show each change at
 * once, a visitor never sees a hidden entry, and another user changes nothing (403).
 */

let t: TestApp;
let author: Visitor;
let other: Visitor;
let videos: string[] = [];
let hidden = '';
let othersVideo = '';
let othersHidden = '';

beforeAll(async () => {
  t = await createTestApp();
  const authorId = await createUser(t.db, t.newId, { name: '合集作者' });
  author = await t.signedIn(authorId);
  const otherId = await createUser(t.db, t.newId);
  other = await t.signedIn(otherId);
  videos = [];
  for (let n = 0; n < 3; n += 1) videos.push(await createItem(t.db, t.newId, authorId));
  hidden = await createItem(t.db, t.newId, authorId, { visibility: Visibility.Self });
  othersVideo = await createItem(t.db, t.newId, otherId);
  othersHidden = await createItem(t.db, t.newId, otherId, { visibility: Visibility.Self });
});
afterAll(() => t.close());

interface Series {
  series_id: string;
  kind: string;
  title: string;
  description: string;
  cover_url: string;
  items: { id: string; self_only: boolean }[];
}

function post(call: CallDeclaration, viewer: Visitor, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: call.path,
    headers: viewer.headers,
    payload,
  });
}

async function ok(call: CallDeclaration, viewer: Visitor, payload: object): Promise<Series> {
  const res = await post(call, viewer, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Series }>().data;
}

/** The series' entries as the public call shows them to a visitor. */
async function publicOrder(seriesId: string): Promise<string[]> {
  const res = await t.app.inject({
    url: fillPath(getSeriesItems.path, { SeriesID: seriesId, Cursor: 0 }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { series_list: { id: string }[] } }>().data.series_list.map((v) => v.id);
}

/** Whether the search index holds the item. */
async function indexed(itemId: string): Promise<boolean> {
  const row = await t.db
    .selectFrom('search_docs')
    .select('ref_id')
    .where('kind', '=', 'item')
    .where('ref_id', '=', itemId)
    .executeTakeFirst();
  return row !== undefined;
}

async function snapshot() {
  const [series, entries, items] = await Promise.all([
    t.db.selectFrom('series').selectAll().orderBy('item_id').execute(),
    t.db.selectFrom('series_items').selectAll().orderBy('series_id').orderBy('position').execute(),
    t.db
      .selectFrom('items')
      .select(['id', 'title', 'abstract', 'cover_large_uri'])
      .orderBy('id')
      .execute(),
  ]);
  return { series, entries, items };
}

describe('managing a series', () => {
  it('creates a series of own videos, reorders, adds and removes; the public calls follow', async () => {
    const made = await ok(createStudioSeries, author, {
      kind: 'series',
      title: ' 旅行合集 ',
      description: '一路向西',
      item_ids: [videos[0], videos[1]],
      cover_item_id: videos[1],
    });
    expect(made).toMatchObject({
      kind: 'series',
      title: '旅行合集',
      description: '一路向西',
      cover_url: `/media/covers/${videos[1]}-large.webp`,
    });
    expect(made.items.map((v) => v.id)).toEqual([videos[0], videos[1]]);
    const id = made.series_id;
    expect(await publicOrder(id)).toEqual([videos[0], videos[1]]);

    const reordered = await ok(setStudioSeriesItems, author, {
      series_id: id,
      item_ids: [videos[2], videos[1], hidden, videos[0]],
    });
    expect(reordered.items.map((v) => [v.id, v.self_only])).toEqual([
      [videos[2], false],
      [videos[1], false],
      [hidden, true],
      [videos[0], false],
    ]);
    expect(await publicOrder(id)).toEqual([videos[2], videos[1], videos[0]]);
    const positions = await t.db
      .selectFrom('series_items')
      .select(['item_id', 'position'])
      .where('series_id', '=', id)
      .orderBy('position')
      .execute();
    expect(positions.map((row) => row.position)).toEqual([1, 2, 3, 4]);

    const removed = await ok(setStudioSeriesItems, author, {
      series_id: id,
      item_ids: [videos[0]],
    });
    expect(removed.items.map((v) => v.id)).toEqual([videos[0]]);
    expect(await publicOrder(id)).toEqual([videos[0]]);

    const edited = await ok(updateStudioSeries, author, {
      series_id: id,
      title: '新名字',
      description: '',
      cover_item_id: videos[0],
    });
    expect(edited).toMatchObject({
      title: '新名字',
      cover_url: `/media/covers/${videos[0]}-large.webp`,
    });
    const info = await t.app.inject({ url: fillPath(getSeriesInfo.path, { SeriesID: id }) });
    expect(info.body).toContain('新名字');

    const page = await t.app.inject({ url: getStudioSeries.path, headers: author.headers });
    const data = page.json<{ data: { series: Series[]; videos: { id: string }[] } }>().data;
    expect(data.series.map((s) => s.series_id)).toContain(id);
    expect(data.videos.map((v) => v.id).sort()).toEqual([...videos, hidden].sort());
  });

  it('runs two reorders sent at once one after the other: whole positions, one whole order', async () => {
    const made = await ok(createStudioSeries, author, {
      kind: 'series',
      title: '并发',
      item_ids: videos,
    });
    const orders = [
      [videos[2], videos[1], videos[0]],
      [videos[1], videos[0]],
    ];
    const answers = await Promise.all(
      orders.map((item_ids) =>
        post(setStudioSeriesItems, author, { series_id: made.series_id, item_ids }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const rows = await t.db
      .selectFrom('series_items')
      .select(['item_id', 'position'])
      .where('series_id', '=', made.series_id)
      .orderBy('position')
      .execute();
    expect(rows.map((row) => row.position)).toEqual(rows.map((_row, index) => index + 1));
    expect(orders).toContainEqual(rows.map((row) => row.item_id));
    expect(await publicOrder(made.series_id)).toEqual(rows.map((row) => row.item_id));
  });

  it('makes an empty pseries, and its first video gives it a cover', async () => {
    const made = await ok(createStudioSeries, author, { kind: 'pseries', title: '空的' });
    expect(made).toMatchObject({ kind: 'pseries', cover_url: '', items: [] });
    const filled = await ok(setStudioSeriesItems, author, {
      series_id: made.series_id,
      item_ids: [videos[2]],
    });
    expect(filled.cover_url).toBe(`/media/covers/${videos[2]}-large.webp`);
  });

  it('deletes a series: it is gone from the public calls, the videos stay', async () => {
    const made = await ok(createStudioSeries, author, {
      kind: 'series',
      title: '要删的',
      item_ids: [videos[0]],
    });
    expect(await indexed(made.series_id)).toBe(true);
    const res = await post(deleteStudioSeries, author, { series_id: made.series_id });
    expect(await indexed(made.series_id)).toBe(false);
    expect(res.json()).toMatchObject({ data: { series_id: made.series_id } });
    const gone = await t.app.inject({
      url: fillPath(getSeriesItems.path, { SeriesID: made.series_id, Cursor: 0 }),
    });
    expect(gone.statusCode).toBe(404);
    const left = await t.db.selectFrom('items').select('id').where('id', 'in', videos).execute();
    expect(left).toHaveLength(videos.length);
  });
});

describe('refusals', () => {
  let target = '';
  beforeAll(async () => {
    target = (
      await ok(createStudioSeries, author, { kind: 'series', title: '目标', item_ids: [videos[0]] })
    ).series_id;
  });

  it('refuses another user every write (403) and changes nothing', async () => {
    const before = await snapshot();
    for (const [call, body] of [
      [setStudioSeriesItems, { series_id: target, item_ids: [] }],
      [updateStudioSeries, { series_id: target, title: '抢', description: '' }],
      [deleteStudioSeries, { series_id: target }],
    ] as const) {
      const res = await post(call, other, body);
      expect(res.statusCode, call.path).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, message: '只能管理自己的合集' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another's video (403), hides another's hidden one (404), changes nothing", async () => {
    const before = await snapshot();
    const theirs = await post(setStudioSeriesItems, author, {
      series_id: target,
      item_ids: [othersVideo],
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ message: '只能加入自己的视频' });
    const created = await post(createStudioSeries, author, {
      kind: 'series',
      title: '偷',
      item_ids: [videos[1], othersVideo],
    });
    expect(created.statusCode).toBe(403);
    const secret = await post(setStudioSeriesItems, author, {
      series_id: target,
      item_ids: [othersHidden],
    });
    expect(secret.statusCode).toBe(404);
    const cover = await post(updateStudioSeries, author, {
      series_id: target,
      title: '目标',
      description: '',
      cover_item_id: videos[2],
    });
    expect(cover.statusCode).toBe(400);
    expect(cover.json()).toMatchObject({ field: 'cover_item_id' });
    const blank = await post(createStudioSeries, author, { kind: 'series', title: '  ' });
    expect(blank.json()).toMatchObject({ code: 400, field: 'title' });
    const unknown = await post(deleteStudioSeries, author, { series_id: '7000000000000000404' });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 to the page for a visitor', async () => {
    const res = await t.app.inject({ url: getStudioSeries.path, headers: t.visitor().headers });
    expect(res.statusCode).toBe(401);
  });

  describe.each([
    [
      'create',
      () => ({ kind: 'series', title: '新的' }),
      () => ['kind', { kind: 'album', title: '新' }],
    ],
    [
      'update',
      () => ({ series_id: target, title: '改', description: '' }),
      () => ['title', { series_id: target, title: 'x'.repeat(41), description: '' }],
    ],
    [
      'items',
      () => ({ series_id: target, item_ids: [videos[1]] }),
      () => ['item_ids', { series_id: target, item_ids: [videos[1], videos[1]] }],
    ],
    ['delete', () => ({ series_id: target }), () => ['series_id', { series_id: 'x' }]],
  ] satisfies [string, () => object, () => [string, object]][])('%s', (url, body, malformed) => {
    itRefusesBadWrites({
      send: (headers, payload) =>
        t.app.inject({ method: 'POST', url: `/api/studio/series/${url}`, headers, payload }),
      signedIn: () => author.headers,
      visitor: () => t.visitor().headers,
      body: () => ({ ...body() }),
      malformed: () => {
        const [field, payload] = malformed();
        return [field, { ...payload }];
      },
      snapshot,
    });
  });
});
