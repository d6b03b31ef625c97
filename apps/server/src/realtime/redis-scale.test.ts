import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { danmakuTopic } from '@melon/shared/contracts/realtime';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { createIdGenerator } from '@melon/shared/ids/id';
import { sendDanmaku } from '@melon/shared/calls/danmaku.calls';
import { editStudioVideo } from '@melon/shared/calls/studio.calls';
import { runTort } from '../cli/tort.ts';
import { runCliCommand } from '../testing/cli-command.ts';
import { createItem, createUser } from '../testing/factories.ts';
import { fileTortClaim } from '../testing/tort-factory.ts';
import { REDIS_URL, redisAvailable } from '../testing/redis.ts';
import { LiveClient, startLiveServer, type LiveServer } from '../testing/live-server.ts';
import { createRedisPresence } from './redis-presence.ts';

const reachable = await redisAvailable('the Redis scale-mode tests');
// Two whole servers on a shared 2-core machine: generous, never a timing claim.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
const Q = '?aid=1768&app_name=video_ixigua&format=json';

describe.runIf(reachable)(`scale mode: two servers sharing Redis at ${REDIS_URL}`, () => {
  const newId = createIdGenerator();
  let database: OpenedDatabase;
  let one: LiveServer;
  let two: LiveServer;
  let author: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const realtime = { redisUrl: REDIS_URL, viewersThrottleMs: 10 };
    one = await startLiveServer(database.db, newId, realtime);
    two = await startLiveServer(database.db, newId, realtime);
    author = await createUser(database.db, newId);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await database.close();
  });

  it("delivers a danmaku sent through one server to the other's viewers", async () => {
    const item = await createItem(database.db, newId, author);
    const here = await LiveClient.connect(one.wsUrl);
    const there = await LiveClient.connect(two.wsUrl);
    await here.subscribe(danmakuTopic(item));
    await there.subscribe(danmakuTopic(item));
    const sender = await createUser(database.db, newId);
    const res = await one.app.inject({
      method: 'POST',
      url: `${sendDanmaku.path}${Q}`,
      headers: await one.signedIn(sender),
      payload: { item_id: item, offset_ms: 0, text: '跨进程' },
    });
    expect(res.statusCode).toBe(200);
    const sent = res.json<{ data: { danmaku: DanmakuView } }>().data.danmaku;
    expect((await there.next('danmaku')).data).toEqual(sent);
    expect((await here.next('danmaku')).data).toEqual(sent);
    here.close();
    there.close();
  });

  it('ends on the other server the subscriptions of viewers who may no longer see the item', async () => {
    const item = await createItem(database.db, newId, author);
    const topic = danmakuTopic(item);
    const viewer = await LiveClient.connect(two.wsUrl);
    const ownHeaders = await two.signedIn(author);
    const own = await LiveClient.connect(two.wsUrl, {
      headers: { cookie: ownHeaders.cookie ?? '' },
    });
    await viewer.subscribe(topic);
    await own.subscribe(topic);
    const edit = await one.app.inject({
      method: 'POST',
      url: editStudioVideo.path,
      headers: await one.signedIn(author),
      payload: {
        item_id: item,
        title: '只给自己看',
        abstract: '',
        tags: [],
        channel_id: 2,
        visibility: 15,
        opening_ms: null,
        ending_ms: null,
      },
    });
    expect(edit.statusCode).toBe(200);
    expect((await viewer.next('error', (m) => m.data.topic === topic)).data.code).toBe(404);
    await viewer.next('unsubscribed', (m) => m.data.topic === topic);
    // The author's own socket on that server stays in the room.
    const res = await one.app.inject({
      method: 'POST',
      url: `${sendDanmaku.path}${Q}`,
      headers: await one.signedIn(author),
      payload: { item_id: item, offset_ms: 0, text: '私密后' },
    });
    expect(res.statusCode).toBe(200);
    const sent = res.json<{ data: { danmaku: DanmakuView } }>().data.danmaku;
    await own.next('danmaku', (m) => m.data.id === sent.id);
    await viewer.settle();
    expect(viewer.received.some((m) => m.op === 'danmaku' && m.data.id === sent.id)).toBe(false);
    viewer.close();
    own.close();
  });

  it('ends the subscriptions to a video taken down by `melon tort decide` on every server', async () => {
    const item = await createItem(database.db, newId, author);
    const topic = danmakuTopic(item);
    const { claimId } = await fileTortClaim(database.db, newId, item);
    const here = await LiveClient.connect(one.wsUrl);
    const there = await LiveClient.connect(two.wsUrl);
    await here.subscribe(topic);
    await there.subscribe(topic);
    // The command reads REDIS_URL from the settings, as on the operator's machine.
    vi.stubEnv('REDIS_URL', REDIS_URL);
    try {
      const decided = await runCliCommand(runTort, database.db, [
        'decide',
        claimId,
        '--accept',
        '--take-down',
      ]);
      expect(decided).toMatchObject({ code: 0, err: [] });
    } finally {
      vi.unstubAllEnvs();
    }
    for (const client of [here, there]) {
      await client.next('unsubscribed', (m) => m.data.topic === topic);
      client.close();
    }
  });

  it('counts the viewers of both servers together', async () => {
    const item = await createItem(database.db, newId, author);
    const here = await LiveClient.connect(one.wsUrl);
    const there = await LiveClient.connect(two.wsUrl);
    await here.subscribe(danmakuTopic(item));
    await there.subscribe(danmakuTopic(item));
    expect((await here.next('viewers', (m) => m.data.count === 2)).data).toEqual({
      item_id: item,
      count: 2,
    });
    await there.next('viewers', (m) => m.data.count === 2);
    const from = here.received.length;
    there.close();
    await here.next('viewers', (m) => m.data.count === 1, from);
    here.close();
  });
});

describe.runIf(reachable)('viewer presence in Redis', () => {
  const prefix = 'melon-test:';
  const TTL_MS = 2000;

  it('adds up every process and drops, in every topic at once, one that stopped heartbeating', async () => {
    const newId = createIdGenerator();
    const [first, second] = [`danmaku:${newId()}`, `danmaku:${newId()}`];
    const options = { prefix, ttlMs: TTL_MS, onError: console.error };
    // Heartbeats far apart: after its reports this process says nothing more, as one killed -9.
    const gone = await createRedisPresence(REDIS_URL, { ...options, heartbeatMs: 3_600_000 });
    const staying = await createRedisPresence(REDIS_URL, { ...options, heartbeatMs: 100 });
    const reader = await createRedisPresence(REDIS_URL, { ...options, heartbeatMs: 100 });
    const redis = new Redis(REDIS_URL);
    try {
      expect(await gone.report(first, 3)).toBe(3);
      expect(await gone.report(second, 4)).toBe(4);
      expect(await staying.report(first, 2)).toBe(5);
      expect(await staying.report(second, 1)).toBe(5);
      // Redis drops `gone`'s alive key a TTL after its last heartbeat. `staying` reports nothing
      // meanwhile (a third process reads), so only its own heartbeat keeps it in.
      let total = 5;
      while (total === 5) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        total = await reader.report(first, 0);
      }
      expect(total).toBe(2);
      expect(await reader.report(second, 0)).toBe(1);
      // The reader dropped the dead process's fields.
      expect(Object.values(await redis.hgetall(`${prefix}viewers:${first}`))).toEqual(['2']);
      expect(await staying.report(first, 0)).toBe(0);
    } finally {
      redis.disconnect();
      await Promise.all([gone.close(), staying.close(), reader.close()]);
    }
  });

  it("withdraws a closing process's viewers at once", async () => {
    const topic = `danmaku:${createIdGenerator()()}`;
    const options = { prefix, ttlMs: 60_000, heartbeatMs: 10_000, onError: console.error };
    const leaving = await createRedisPresence(REDIS_URL, options);
    const staying = await createRedisPresence(REDIS_URL, options);
    try {
      await leaving.report(topic, 3);
      expect(await staying.report(topic, 1)).toBe(4);
      await leaving.close();
      expect(await staying.report(topic, 1)).toBe(1);
    } finally {
      await staying.close();
    }
  });
});
