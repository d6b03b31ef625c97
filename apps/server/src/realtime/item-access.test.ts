import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { danmakuTopic } from '@melon/shared/contracts/realtime';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { sendDanmaku as sendDanmakuCall } from '@melon/shared/calls/danmaku.calls';
import { deleteStudioVideo, editStudioVideo } from '@melon/shared/calls/studio.calls';
import { createItem, createUser } from '../testing/factories.ts';
import { LiveClient, startLiveServer, type LiveServer } from '../testing/live-server.ts';

/*
 * A subscription made while an item was visible ends once the viewer may no longer see it: the
 * item made private or deleted in the studio. Its author stays while the item is private.
 */

const Q = '?aid=1768&app_name=video_ixigua&format=json';
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
const newId = createIdGenerator();

let database: OpenedDatabase;
let server: LiveServer;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startLiveServer(database.db, newId, { viewersThrottleMs: 10 });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** A socket opened by the user's browser (signed in through its cookie), or by a visitor. */
async function connect(userId?: string): Promise<LiveClient> {
  if (userId === undefined) return LiveClient.connect(server.wsUrl);
  const headers = await server.signedIn(userId);
  return LiveClient.connect(server.wsUrl, { headers: { cookie: headers.cookie ?? '' } });
}

async function post(userId: string, url: string, payload: object) {
  const res = await server.app.inject({
    method: 'POST',
    url,
    headers: await server.signedIn(userId),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function sendDanmaku(userId: string, itemId: string, text: string): Promise<DanmakuView> {
  const res = await post(userId, `${sendDanmakuCall.path}${Q}`, {
    item_id: itemId,
    offset_ms: 1000,
    text,
  });
  return res.json<{ data: { danmaku: DanmakuView } }>().data.danmaku;
}

const makePrivate = (authorId: string, itemId: string) =>
  post(authorId, editStudioVideo.path, {
    item_id: itemId,
    title: '只给自己看',
    abstract: '',
    tags: [],
    channel_id: 2,
    visibility: 15,
    opening_ms: null,
    ending_ms: null,
  });

/** The client was told the topic is gone: a 404 as for a hidden item, then `unsubscribed`. */
async function toldGone(client: LiveClient, topic: string): Promise<void> {
  const error = await client.next('error', (m) => m.data.topic === topic);
  expect(error.data).toMatchObject({ code: 404, topic });
  await client.next('unsubscribed', (m) => m.data.topic === topic);
}

describe('an item turning private', () => {
  it('ends the subscriptions of visitors and other users, not its author’s', async () => {
    const author = await createUser(database.db, newId);
    const fan = await createUser(database.db, newId);
    const item = await createItem(database.db, newId, author);
    const topic = danmakuTopic(item);
    const visitor = await connect();
    const other = await connect(fan);
    const own = await connect(author);
    for (const client of [visitor, other, own]) await client.subscribe(topic);
    const before = await sendDanmaku(fan, item, '公开时的弹幕');
    for (const client of [visitor, other, own]) {
      await client.next('danmaku', (m) => m.data.id === before.id);
    }

    await makePrivate(author, item);
    await toldGone(visitor, topic);
    await toldGone(other, topic);
    const after = await sendDanmaku(author, item, '私密后的弹幕');
    await own.next('danmaku', (m) => m.data.id === after.id);
    for (const client of [visitor, other]) {
      await client.settle();
      expect(client.received.some((m) => m.op === 'danmaku' && m.data.id === after.id)).toBe(false);
    }
    await own.settle();
    expect(own.received.filter((m) => m.op === 'unsubscribed' || m.op === 'error')).toEqual([]);

    // Subscribing again is refused as for an unknown item.
    other.send({ op: 'sub', topic });
    expect((await other.next('error', (m) => m.data.topic === topic, 0)).data.code).toBe(404);
    for (const client of [visitor, other, own]) client.close();
  });

  it('keeps everyone when the item stays visible to them', async () => {
    const author = await createUser(database.db, newId);
    const item = await createItem(database.db, newId, author, { visibility: 15 });
    const viewer = await connect(author);
    await viewer.subscribe(danmakuTopic(item));
    await post(author, editStudioVideo.path, {
      item_id: item,
      title: '公开了',
      abstract: '',
      tags: [],
      channel_id: 2,
      visibility: 60,
      opening_ms: null,
      ending_ms: null,
    });
    const sent = await sendDanmaku(author, item, '还在');
    await viewer.next('danmaku', (m) => m.data.id === sent.id);
    expect(viewer.received.some((m) => m.op === 'unsubscribed')).toBe(false);
    viewer.close();
  });
});

describe('an item deleted in the studio', () => {
  it('ends every subscription, its author’s too', async () => {
    const author = await createUser(database.db, newId);
    const item = await createItem(database.db, newId, author);
    const topic = danmakuTopic(item);
    const visitor = await connect();
    const own = await connect(author);
    await visitor.subscribe(topic);
    await own.subscribe(topic);
    await post(author, deleteStudioVideo.path, { item_id: item });
    await toldGone(visitor, topic);
    await toldGone(own, topic);
    visitor.close();
    own.close();
  });
});
