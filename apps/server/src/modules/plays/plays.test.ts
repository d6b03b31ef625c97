import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemType, Visibility } from '@melon/db/enums';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { PLAY_DEDUPE_WINDOW_MS, type PlayAdded } from '@melon/shared/contracts/plays';
import { addPlay } from '@melon/shared/calls/plays.calls';
import { RATE_LIMITS } from '../../plugins/app/rate-limits.ts';
import type { AnswerEnvelope as Envelope } from '../../testing/answer-envelope.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { freshIp } from '../../testing/passport.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createPlaysService } from './plays.service.ts';

/*
 * Plays (decision 039) on the dialect under test: a report counts after 3 s of playback, once
 * per viewer (signed-in user, else web_id) and item per hour, as a row in item_plays and one
 * more in items.play_count; anything refused changes neither.
 */

let t: TestApp;
let author: string;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId);
});
afterAll(() => t.close());

/** The item's counter and its rows: they always agree. */
async function playsOf(itemId: string) {
  const item = await t.db
    .selectFrom('items')
    .select('play_count')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  const rows = await t.db
    .selectFrom('item_plays')
    .select(['viewer_key', 'user_id'])
    .where('item_id', '=', itemId)
    .execute();
  expect(rows).toHaveLength(item.play_count);
  return { count: item.play_count, rows };
}

const newVideo = () => createItem(t.db, t.newId, author, { playCount: 0 });

describe('the play service, by the clock', () => {
  let clock = 1_795_000_000_000;
  const plays = () => createPlaysService({ db: t.db, newId: t.newId, now: () => clock });
  const visitor = () => ({ userId: null, webId: t.newId() });

  it('counts one viewer once within an hour, and again once the hour has passed', async () => {
    const item = await newVideo();
    const viewer = visitor();
    expect(await plays().add(viewer, item, 3000)).toEqual({ counted: true, play_count: 1 });
    clock += PLAY_DEDUPE_WINDOW_MS - 1;
    expect(await plays().add(viewer, item, 60_000)).toEqual({ counted: false, play_count: 1 });
    clock += 1;
    expect(await plays().add(viewer, item, 3000)).toEqual({ counted: true, play_count: 2 });
    expect((await playsOf(item)).count).toBe(2);
  });

  it('counts two viewers twice, and a signed-in viewer by the user whatever the browser', async () => {
    const item = await newVideo();
    const user = await createUser(t.db, t.newId);
    await plays().add(visitor(), item, 5000);
    await plays().add({ userId: user, webId: t.newId() }, item, 5000);
    await plays().add({ userId: user, webId: t.newId() }, item, 5000);
    const { count, rows } = await playsOf(item);
    expect(count).toBe(2);
    expect(rows.filter((row) => row.user_id === user)).toEqual([
      { viewer_key: `u:${user}`, user_id: user },
    ]);
  });

  it('counts nothing under 3 s of playback', async () => {
    const item = await newVideo();
    expect(await plays().add(visitor(), item, 2999)).toEqual({ counted: false, play_count: 0 });
    expect(await plays().add(visitor(), item, 0)).toEqual({ counted: false, play_count: 0 });
    expect((await playsOf(item)).count).toBe(0);
  });

  it('counts a viewer once when the same report arrives many times at once', async () => {
    const item = await newVideo();
    const viewer = visitor();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => plays().add(viewer, item, 4000)),
    );
    expect(answers.filter((answer) => answer.counted)).toHaveLength(1);
    expect((await playsOf(item)).count).toBe(1);
  });
});

describe('POST /api/videov2/add_play', () => {
  const send = (headers: Record<string, string>, payload: object, remoteAddress = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: `${addPlay.path}?aid=1768`,
      headers,
      payload,
      remoteAddress,
    });

  it('counts a visitor and a signed-in viewer, each once', async () => {
    const item = await newVideo();
    const visitor = t.visitor();
    const member = await t.signedIn(await createUser(t.db, t.newId));
    for (const headers of [visitor.headers, visitor.headers, member.headers]) {
      expect((await send(headers, { item_id: item, played_ms: 3200 })).statusCode).toBe(200);
    }
    const res = await send(member.headers, { item_id: item, played_ms: 9000 });
    expect(res.json<Envelope<PlayAdded>>()).toMatchObject({
      code: 200,
      data: { counted: false, play_count: 2 },
    });
    expect((await playsOf(item)).rows.map((row) => row.viewer_key).sort()).toEqual(
      [`w:${visitor.webId}`, expect.stringMatching(/^u:/)].sort(),
    );
  });

  it('answers a hidden item as an unknown one, and counts nothing', async () => {
    const hidden = await createItem(t.db, t.newId, author, {
      visibility: Visibility.Self,
      playCount: 0,
    });
    for (const itemId of [hidden, '7399999999999999999']) {
      const res = await send(t.visitor().headers, { item_id: itemId, played_ms: 5000 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, message: '视频不存在', data: null });
    }
    expect((await playsOf(hidden)).count).toBe(0);
    // Its author may play it: the play counts.
    const own = await t.signedIn(author);
    expect((await send(own.headers, { item_id: hidden, played_ms: 5000 })).statusCode).toBe(200);
    expect((await playsOf(hidden)).count).toBe(1);
  });

  it('refuses an album, which plays its episodes, with 400', async () => {
    const album = await createItem(t.db, t.newId, author, {
      itemType: ItemType.Album,
      playCount: 0,
    });
    const res = await send(t.visitor().headers, { item_id: album, played_ms: 5000 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'item_id' });
    expect((await playsOf(album)).count).toBe(0);
  });

  it('answers 403 code 1 errno 1 to a forged request, and counts nothing', async () => {
    const item = await newVideo();
    const forged = { ...t.visitor().headers, [CSRF_HEADER]: 'forged' };
    const res = await send(forged, { item_id: item, played_ms: 5000 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 1, errno: 1, data: null });
    expect((await playsOf(item)).count).toBe(0);
  });

  it.each([
    ['item_id', { item_id: '0123', played_ms: 5000 }],
    ['item_id', { item_id: undefined, played_ms: 5000 }],
    ['played_ms', { played_ms: -1 }],
    ['played_ms', { played_ms: 1.5 }],
    ['played_ms', { played_ms: 'long' }],
    ['played_ms', { played_ms: 86_400_001 }],
  ])('answers 400 naming %s in Chinese for %j, and counts nothing', async (field, body) => {
    const item = await newVideo();
    const res = await send(t.visitor().headers, { item_id: item, ...body });
    expect(res.statusCode).toBe(400);
    const answer = res.json<{ code: number; field: string; message: string }>();
    expect(answer).toMatchObject({ code: 400, field });
    expect(answer.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await playsOf(item)).count).toBe(0);
  });

  it('answers 413 to a body over the limit, and counts nothing', async () => {
    const item = await newVideo();
    const payload = { item_id: item, played_ms: 5000, padding: 'x'.repeat(1024 * 1024 + 1) };
    const res = await send(t.visitor().headers, payload);
    expect(res.statusCode).toBe(413);
    expect((await playsOf(item)).count).toBe(0);
  });

  it(`takes ${RATE_LIMITS.play.max} reports a minute from one address, then 429 with the wait`, async () => {
    const item = await newVideo();
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.play.max; i += 1) {
      const res = await send(t.visitor().headers, { item_id: item, played_ms: 0 }, ip);
      expect(res.statusCode).toBe(200);
    }
    const refused = await send(t.visitor().headers, { item_id: item, played_ms: 5000 }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    expect((await playsOf(item)).count).toBe(0);
  });
});
