import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { danmakuTopic, WS_CLOSE } from '@melon/shared/contracts/realtime';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import {
  danmakuAction,
  listDanmaku,
  sendDanmaku as sendDanmakuCall,
} from '@melon/shared/calls/danmaku.calls';
import { getSessions, logout, revokeSession } from '@melon/shared/calls/passport.calls';
import { createItem, createUser } from '../testing/factories.ts';
import { LiveClient, startLiveServer, type LiveServer } from '../testing/live-server.ts';

const Q = '?aid=1768&app_name=video_ixigua&format=json';
// Real sockets and a real database on a shared 2-core machine: generous, never a timing claim.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
const newId = createIdGenerator();

let database: OpenedDatabase;
let server: LiveServer;
let author: string;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startLiveServer(database.db, newId, {
    viewersThrottleMs: 10,
    maxBufferedBytes: 64 * 1024,
    maxTopicsPerSocket: 3,
  });
  author = await createUser(database.db, newId);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const connect = () => LiveClient.connect(server.wsUrl, { origin: server.origin });

async function sendDanmaku(itemId: string, text: string): Promise<DanmakuView> {
  const sender = await createUser(database.db, newId);
  const res = await server.app.inject({
    method: 'POST',
    url: `${sendDanmakuCall.path}${Q}`,
    headers: await server.signedIn(sender),
    payload: { item_id: itemId, offset_ms: 1500, text },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { danmaku: DanmakuView } }>().data.danmaku;
}

describe('fan-out', () => {
  it('delivers a danmaku to every viewer of the item, in the list shape, and no one else', async () => {
    const item = await createItem(database.db, newId, author);
    const other = await createItem(database.db, newId, author);
    const viewers = await Promise.all([connect(), connect(), connect()]);
    const elsewhere = await connect();
    await Promise.all(viewers.map((v) => v.subscribe(danmakuTopic(item))));
    await elsewhere.subscribe(danmakuTopic(other));

    const sent = await sendDanmaku(item, '前方高能');
    const list = await server.app.inject({ url: `${listDanmaku.path}${Q}&item_id=${item}` });
    const listed = list.json<{ data: { danmaku_list: DanmakuView[] } }>().data.danmaku_list;
    for (const viewer of viewers) {
      const message = await viewer.next('danmaku', (m) => m.data.id === sent.id);
      expect(message.data).toEqual(listed.find((d) => d.id === sent.id));
    }
    await elsewhere.settle();
    expect(elsewhere.received.filter((m) => m.op === 'danmaku')).toEqual([]);
    for (const client of [...viewers, elsewhere]) client.close();
  });

  it('announces like counts', async () => {
    const item = await createItem(database.db, newId, author);
    const viewer = await connect();
    await viewer.subscribe(danmakuTopic(item));
    const sent = await sendDanmaku(item, '好听');
    const fan = await createUser(database.db, newId);
    const like = () =>
      server.app.inject({
        method: 'POST',
        url: `${danmakuAction.path}${Q}`,
        headers: headers,
        payload: { danmaku_id: sent.id, action_type: 1 },
      });
    const headers = await server.signedIn(fan);
    expect((await like()).statusCode).toBe(200);
    const message = await viewer.next('like', (m) => m.data.danmaku_id === sent.id);
    expect(message.data).toEqual({ danmaku_id: sent.id, like_count: 1 });
    // A repeated like changes nothing and announces nothing.
    expect((await like()).statusCode).toBe(200);
    await viewer.settle();
    expect(viewer.received.filter((m) => m.op === 'like')).toHaveLength(1);
    viewer.close();
  });

  it('stops delivering after unsub', async () => {
    const item = await createItem(database.db, newId, author);
    const viewer = await connect();
    await viewer.subscribe(danmakuTopic(item));
    viewer.send({ op: 'unsub', topic: danmakuTopic(item) });
    await viewer.next('unsubscribed');
    await sendDanmaku(item, '看不到');
    await viewer.settle();
    expect(viewer.received.filter((m) => m.op === 'danmaku')).toEqual([]);
    viewer.close();
  });
});

describe('viewers', () => {
  it('counts the live viewers of an item as they come and go', async () => {
    const item = await createItem(database.db, newId, author);
    const first = await connect();
    await first.subscribe(danmakuTopic(item));
    await first.next('viewers', (m) => m.data.count === 1);
    const second = await connect();
    await second.subscribe(danmakuTopic(item));
    const two = await first.next('viewers', (m) => m.data.count === 2);
    expect(two.data).toEqual({ item_id: item, count: 2 });
    await second.next('viewers', (m) => m.data.count === 2);
    second.close();
    const from = first.received.length;
    await first.next('viewers', (m) => m.data.count === 1, from);
    first.close();
  });
});

describe('bad messages', () => {
  it.each([
    ['not JSON', 'hello', 400],
    ['an array', '[1]', 400],
    ['an unknown op', JSON.stringify({ op: 'publish', topic: 'danmaku:1' }), 400],
    ['a sub without topic', JSON.stringify({ op: 'sub' }), 400],
    ['a malformed topic', JSON.stringify({ op: 'sub', topic: 'chat:1' }), 400],
    ['a topic with a leading zero', JSON.stringify({ op: 'sub', topic: 'danmaku:0123' }), 400],
    ['an unknown item', JSON.stringify({ op: 'sub', topic: 'danmaku:42' }), 404],
  ])('answers %s with an error op', async (_name, raw, code) => {
    const client = await connect();
    client.send(raw);
    const error = await client.next('error');
    expect(error.data.code).toBe(code);
    expect(error.data.message).toMatch(/[\u4e00-\u9fff]/);
    // The connection stays usable.
    await client.settle();
    client.close();
  });

  it('answers a binary frame with an error op', async () => {
    const client = await connect();
    client.socket.send(Buffer.from('{"op":"ping"}'), { binary: true });
    expect((await client.next('error')).data.code).toBe(400);
    client.close();
  });

  it('refuses more topics than the limit', async () => {
    const client = await connect();
    const items = await Promise.all(
      Array.from({ length: 4 }, () => createItem(database.db, newId, author)),
    );
    for (const item of items) client.send({ op: 'sub', topic: danmakuTopic(item) });
    const error = await client.next('error');
    expect(error.data).toMatchObject({ code: 429, topic: danmakuTopic(items[3] ?? '') });
    for (const item of items.slice(0, 3)) {
      await client.next('subscribed', (m) => m.data.topic === danmakuTopic(item));
    }
    await client.settle();
    expect(client.received.filter((m) => m.op === 'subscribed')).toHaveLength(3);
    client.close();
  });

  it('closes the connection on a frame over the size limit', async () => {
    const client = await connect();
    client.send({ op: 'sub', topic: `danmaku:${'1'.repeat(2000)}` });
    expect(await client.closed).toBe(WS_CLOSE.tooBig);
  });
});

describe('upgrade', () => {
  it('refuses a page of another origin', async () => {
    await expect(
      LiveClient.connect(server.wsUrl, { origin: 'https://evil.example' }),
    ).rejects.toThrow(/403/);
    await expect(LiveClient.connect(server.wsUrl, { origin: 'null' })).rejects.toThrow(/403/);
  });

  it('refuses a page whose Host names its own origin but is not the site (DNS rebinding, decision 067)', async () => {
    const rebound = { origin: 'http://evil.example', headers: { host: 'evil.example' } };
    await expect(LiveClient.connect(server.wsUrl, rebound)).rejects.toThrow(/403/);
  });

  it('accepts its own origin and clients that are not browsers', async () => {
    (await LiveClient.connect(server.wsUrl, { origin: server.origin })).close();
    (await LiveClient.connect(server.wsUrl)).close();
  });

  it('answers a plain GET with 426 in the envelope', async () => {
    const res = await server.app.inject({ url: '/ws' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ code: 426, data: null });
  });
});

describe('heartbeat and back-pressure', () => {
  it('answers a client ping', async () => {
    const client = await connect();
    client.send({ op: 'ping' });
    await client.next('pong');
    client.close();
  });

  it('cuts a client that stops answering pings, keeps one that answers', async () => {
    // Its own server with a short beat; under load a lively client may miss one too.
    const beating = await startLiveServer(database.db, newId, { heartbeatMs: 300 });
    try {
      const silent = await LiveClient.connect(beating.wsUrl, { autoPong: false });
      const lively = await LiveClient.connect(beating.wsUrl);
      // terminate() sends no close frame: the client sees an abnormal closure.
      expect(await silent.closed).toBe(1006);
      expect(lively.socket.readyState).toBe(lively.socket.OPEN);
      await lively.settle();
      lively.close();
    } finally {
      await beating.close();
    }
  });

  it('drops a client that does not read, not the ones that do', async () => {
    // Its own server: a paused client misses pings too, and the heartbeat must not be what cuts it.
    const roomy = await startLiveServer(database.db, newId, {
      viewersThrottleMs: 10,
      maxBufferedBytes: 256 * 1024,
    });
    try {
      const item = await createItem(database.db, newId, author);
      const topic = danmakuTopic(item);
      const slow = await LiveClient.connect(roomy.wsUrl);
      const fast = await LiveClient.connect(roomy.wsUrl);
      await slow.subscribe(topic);
      await fast.subscribe(topic);
      await fast.next('viewers', (m) => m.data.count === 2);
      const from = fast.received.length;
      slow.socket.pause();
      const big = (n: number) =>
        JSON.stringify({ op: 'like', data: { danmaku_id: 'x'.repeat(8000), like_count: n } });
      const seen = { dropped: false };
      const droppedSeen = fast.next('viewers', (m) => m.data.count === 1, from);
      droppedSeen.then(
        () => (seen.dropped = true),
        () => undefined,
      );
      // Paced by the reading client, which shares this process; bounded at 40 MB, far past any
      // socket buffer: the slow client goes long before.
      for (let n = 1; n <= 5000 && !seen.dropped; n++) {
        await roomy.pubsub.publish(topic, big(n));
        if (n % 20 === 0) {
          await fast.next(
            'like',
            (m) => m.data.like_count === n,
            Math.max(0, fast.received.length - 40),
          );
        }
      }
      await droppedSeen;
      slow.socket.resume();
      expect([WS_CLOSE.tooSlow, 1006]).toContain(await slow.closed);
      await fast.settle();
      expect(fast.socket.readyState).toBe(fast.socket.OPEN);
      fast.close();
    } finally {
      await roomy.close();
    }
  }, 30_000);
});

describe('floods', () => {
  it('refuses messages past the rate with an error frame, then closes on repeated abuse', async () => {
    const item = await createItem(database.db, newId, author);
    const client = await connect();
    // Each sub costs a query and a viewer broadcast: a burst of them empties the bucket.
    for (let n = 0; n < 100; n++) client.send({ op: 'sub', topic: danmakuTopic(item) });
    expect(await client.closed).toBe(WS_CLOSE.policyViolation);
    const refusals = client.received.filter((m) => m.op === 'error');
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.length).toBeLessThan(5);
    for (const refusal of refusals) {
      expect(refusal.data.code).toBe(429);
      expect(refusal.data.message).toMatch(/[\u4e00-\u9fff]/);
    }
    // Far fewer than the hundred were served.
    expect(client.received.filter((m) => m.op === 'subscribed').length).toBeLessThan(20);
  });

  it('counts cheap messages too', async () => {
    const client = await connect();
    for (let n = 0; n < 500; n++) client.send({ op: 'ping' });
    expect(await client.closed).toBe(WS_CLOSE.policyViolation);
    expect(client.received.filter((m) => m.op === 'pong').length).toBeLessThan(100);
  });

  it('caps the connections of one address, and frees the place when one closes', async () => {
    const capped = await startLiveServer(database.db, newId, { maxSocketsPerIp: 2 });
    try {
      const first = await LiveClient.connect(capped.wsUrl);
      const second = await LiveClient.connect(capped.wsUrl);
      await expect(LiveClient.connect(capped.wsUrl)).rejects.toThrow(/429/);
      await first.settle();
      first.close();
      await first.closed;
      // The server frees the place once its side of the connection is gone.
      const third = await retryConnect(capped.wsUrl);
      await third.settle();
      await expect(LiveClient.connect(capped.wsUrl)).rejects.toThrow(/429/);
      second.close();
      third.close();
    } finally {
      await capped.close();
    }
  });
});

/** Connects once the server has a place again (it frees one as its side of a close completes). */
async function retryConnect(url: string): Promise<LiveClient> {
  for (;;) {
    try {
      return await LiveClient.connect(url);
    } catch (error) {
      if (!/429/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('sign-out', () => {
  it("closes a session's sockets when it signs out or is revoked, not other sockets", async () => {
    const watched = await startLiveServer(database.db, newId, { sessionCheckMs: 50 });
    try {
      const user = await createUser(database.db, newId);
      const here = await watched.signedIn(user);
      const there = await watched.signedIn(user);
      const open = (headers: Record<string, string>) =>
        LiveClient.connect(watched.wsUrl, { headers: { cookie: headers.cookie ?? '' } });
      const mine = await open(here);
      const otherDevice = await open(there);
      const visitor = await LiveClient.connect(watched.wsUrl);

      const out = await watched.app.inject({
        method: 'POST',
        url: logout.path,
        headers: here,
      });
      expect(out.statusCode).toBe(200);
      expect(await mine.closed).toBe(WS_CLOSE.sessionEnded);
      await otherDevice.settle();
      await visitor.settle();

      // The other device's session revoked from the user centre (a third browser).
      const centre = await watched.signedIn(user);
      const list = await watched.app.inject({ url: getSessions.path, headers: centre });
      expect(list.statusCode).toBe(200);
      const sessions = list.json<{ data: { list: { session_id: string; current: boolean }[] } }>()
        .data.list;
      for (const session of sessions.filter((s) => !s.current)) {
        const revoked = await watched.app.inject({
          method: 'POST',
          url: revokeSession.path,
          headers: centre,
          payload: { session_id: session.session_id },
        });
        expect(revoked.statusCode).toBe(200);
      }
      expect(await otherDevice.closed).toBe(WS_CLOSE.sessionEnded);
      await visitor.settle();
      visitor.close();
    } finally {
      await watched.close();
    }
  });
});
