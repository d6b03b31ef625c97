import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { createIdGenerator } from '@melon/shared/ids/id';
import { danmakuTopic } from '@melon/shared/contracts/realtime';
import type { DanmakuView } from '@melon/shared/contracts/danmaku';
import { danmakuAction, deleteDanmaku, sendDanmaku } from '@melon/shared/calls/danmaku.calls';
import type { CallDeclaration } from '@melon/shared/calls/call';
import { LiveClient, startLiveServer, type LiveServer } from '../../testing/live-server.ts';
import { createItem, createUser } from '../../testing/factories.ts';
import { DANMAKU_QUERY as Q } from '../../testing/danmaku-app.ts';

/* What the danmaku calls announce to the item's live viewers, over a real socket. */

// Real sockets and a real database on a shared 2-core machine: generous, never a timing claim.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
const newId = createIdGenerator();

let database: OpenedDatabase;
let server: LiveServer;
let author: string;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startLiveServer(database.db, newId, {});
  author = await createUser(database.db, newId);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

async function call(
  declaration: CallDeclaration,
  userId: string,
  payload: Record<string, unknown>,
) {
  return server.app.inject({
    method: 'POST',
    url: `${declaration.path}${Q}`,
    headers: await server.signedIn(userId),
    payload,
  });
}

describe('live deletes', () => {
  it.each([
    ['its sender', 'sender'],
    ["the video's author", 'author'],
  ])('tells the viewers when %s deletes a danmaku', async (_who, deleter) => {
    const item = await createItem(database.db, newId, author);
    const sender = await createUser(database.db, newId);
    const viewer = await LiveClient.connect(server.wsUrl, { origin: server.origin });
    await viewer.subscribe(danmakuTopic(item));
    const sent = await call(sendDanmaku, sender, { item_id: item, offset_ms: 1000, text: '删我' });
    const { id } = sent.json<{ data: { danmaku: DanmakuView } }>().data.danmaku;
    await viewer.next('danmaku', (m) => m.data.id === id);

    const deleted = await call(deleteDanmaku, deleter === 'sender' ? sender : author, {
      danmaku_id: id,
    });
    expect(deleted.statusCode).toBe(200);
    const message = await viewer.next('delete', (m) => m.data.danmaku_id === id);
    expect(message).toEqual({ op: 'delete', data: { danmaku_id: id } });
    viewer.close();
  });

  it('announces nothing for a refused delete', async () => {
    const item = await createItem(database.db, newId, author);
    const sender = await createUser(database.db, newId);
    const stranger = await createUser(database.db, newId);
    const viewer = await LiveClient.connect(server.wsUrl, { origin: server.origin });
    await viewer.subscribe(danmakuTopic(item));
    const sent = await call(sendDanmaku, sender, { item_id: item, offset_ms: 1000, text: '留着' });
    const { id } = sent.json<{ data: { danmaku: DanmakuView } }>().data.danmaku;
    expect((await call(deleteDanmaku, stranger, { danmaku_id: id })).statusCode).toBe(403);
    // The room delivers in order: once the like that follows has arrived, a delete would have too.
    await call(danmakuAction, stranger, { danmaku_id: id, action_type: 1 });
    await viewer.next('like', (m) => m.data.danmaku_id === id);
    expect(viewer.received.filter((m) => m.op === 'delete')).toEqual([]);
    viewer.close();
  });
});
