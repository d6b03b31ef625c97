import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { danmakuTopic } from '@melon/shared/contracts/realtime';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { createIdGenerator } from '@melon/shared/ids/id';
import { createItem, createUser } from '../testing/factories.ts';
import { REDIS_URL, redisAvailable } from '../testing/redis.ts';
import { LiveClient, startLiveServer, type LiveServer } from '../testing/live-server.ts';
import { createRedisPresence } from './redis-presence.ts';

const reachable = await redisAvailable('the Redis scale-mode tests');
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
      url: `/vpc_danmaku/send/v1/${Q}`,
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
  it('adds up every process and drops one that stopped reporting', async () => {
    const options = { prefix: 'melon-test:', ttlMs: 2000, onError: console.error };
    const topic = `danmaku:${createIdGenerator()()}`;
    const gone = await createRedisPresence(REDIS_URL, options);
    const staying = await createRedisPresence(REDIS_URL, options);
    try {
      expect(await gone.report(topic, 3)).toBe(3);
      expect(await staying.report(topic, 2)).toBe(5);
      // `gone` reports no more, as a killed process would; its field runs out.
      let total = 5;
      while (total !== 2) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        total = await staying.report(topic, 2);
      }
      expect(await staying.report(topic, 0)).toBe(0);
    } finally {
      await gone.close();
      await staying.close();
    }
  });
});
