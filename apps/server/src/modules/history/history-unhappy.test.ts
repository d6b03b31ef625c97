import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_DELETE_MAX } from '@melon/shared/contracts/history';
import {
  addWatchHistory,
  deleteHistory,
  getHistory,
  getHistoryDuration,
  searchHistory,
  setWatchProgress,
} from '@melon/shared/calls/history.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * The unhappy paths of every watch-history call: signed out, a forged request, malformed and
 * oversized input are each refused in the SPEC envelope and leave the history as it was; the
 * writes stop at their rate limit.
 */

let t: TestApp;
let viewer: Visitor;
let item: string;

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t.db, t.newId);
  item = await createItem(t.db, t.newId, author);
  viewer = await t.signedIn(await createUser(t.db, t.newId));
  const res = await post(setWatchProgress.path, viewer.headers, {
    content_id: item,
    progress: 12,
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

function post(url: string, headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'POST', url, headers, payload });
}

const history = () => t.db.selectFrom('watch_history').selectAll().orderBy('item_id').execute();

interface WriteRoute {
  url: string;
  body: () => Record<string, unknown>;
  malformed: () => [field: string, body: Record<string, unknown>];
}

const writes: [string, WriteRoute][] = [
  [
    'add_watch_history',
    {
      url: addWatchHistory.path,
      body: () => ({ content_id: item }),
      malformed: () => ['content_id', { content_id: '0123' }],
    },
  ],
  [
    'set_watch_progress',
    {
      url: setWatchProgress.path,
      body: () => ({ content_id: item, progress: 30 }),
      malformed: () => ['progress', { content_id: item, progress: -1 }],
    },
  ],
  [
    'delete/history',
    {
      url: deleteHistory.path,
      body: () => ({ all: true }),
      malformed: () => ['content_ids', { content_ids: [] }],
    },
  ],
];

describe.each(writes)('%s', (_name, route) => {
  itRefusesBadWrites({
    send: (headers, body) => post(route.url, headers, body),
    signedIn: () => viewer.headers,
    visitor: () => t.visitor().headers,
    body: route.body,
    malformed: route.malformed,
    snapshot: history,
  });
});

describe('delete/history bodies', () => {
  const refused = async (payload: object, field: string) => {
    const before = await history();
    const res = await post(deleteHistory.path, viewer.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field });
    expect(await history()).toEqual(before);
  };

  it('refuses neither, both, too many and repeated ids', async () => {
    await refused({}, 'content_ids');
    await refused({ content_ids: [item], all: true }, 'all');
    await refused({ all: false }, 'all');
    const many = Array.from({ length: HISTORY_DELETE_MAX + 1 }, () => t.newId());
    await refused({ content_ids: many }, 'content_ids');
    await refused({ content_ids: [item, item] }, 'content_ids');
  });
});

describe.each([
  ['get/history', `${getHistory.path}?aid=1768`],
  ['search/history', `${searchHistory.path}?keyword=%E7%8C%AB&aid=1768`],
])('%s', (_name, url) => {
  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ url, headers: t.visitor().headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, data: null });
  });

  it.each([
    ['cursor', '&cursor=abc'],
    ['cursor', '&cursor=1-0123'],
    ['count', '&count=0'],
    ['count', '&count=51'],
    ['type', '&type=movie'],
  ])('answers 400 naming %s for %s', async (field, extra) => {
    const res = await t.app.inject({ url: `${url}${extra}`, headers: viewer.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field });
  });
});

describe('search/history keyword', () => {
  it.each([
    ['missing', null],
    ['blank', '  '],
    ['too long', '猫'.repeat(51)],
    ['hidden characters', '\u202Eabc'],
  ])('answers 400 for a %s keyword', async (_case, keyword) => {
    const query = keyword === null ? '' : `&keyword=${encodeURIComponent(keyword)}`;
    const res = await t.app.inject({
      url: `${searchHistory.path}?aid=1768${query}`,
      headers: viewer.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'keyword' });
  });
});

describe('history_duration', () => {
  it('answers 404 for an unknown item and 400 naming content_id for a malformed one', async () => {
    const unknown = await t.app.inject({
      url: `${getHistoryDuration.path}?content_id=1234567890123456789`,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ url: `${getHistoryDuration.path}?content_id=1` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, field: 'content_id' });
  });
});

describe('rate limit', () => {
  it('answers 429 with the wait past 60 writes a minute, and stores nothing more', async () => {
    const meId = await createUser(t.db, t.newId);
    const me = await t.signedIn(meId);
    const report = (progress: number) =>
      post(setWatchProgress.path, me.headers, { content_id: item, progress });
    const statuses: number[] = [];
    for (let i = 1; i <= 60; i += 1) statuses.push((await report(i)).statusCode);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await report(61);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toContain('操作过于频繁');
    const stored = await t.db
      .selectFrom('watch_history')
      .select('progress_ms')
      .where('item_id', '=', item)
      .where('user_id', '=', meId)
      .executeTakeFirst();
    expect(stored?.progress_ms).toBe(60_000);
  });
});
