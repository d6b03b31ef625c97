import { describe, expect, it } from 'vitest';
import { listDanmaku, sendDanmaku } from '@melon/shared/calls/danmaku.calls';
import { createClient } from '@melon/shared/client/client';
import type { Transport } from '@melon/shared/client/transport';
import { DANMAKU_SEGMENT_MS, type DanmakuView } from '@melon/shared/contracts/danmaku';
import { createDanmakuSession, type DanmakuSink } from './danmaku-session.ts';
import { TEST_ITEM_ID, testDanmaku as view } from './danmaku-view.testing.ts';

const VIEWER = '7000000000000000100';

const envelope = (data: unknown) => Response.json({ code: 200, message: 'success', data });

/**
 * The server side of the two calls a session makes, behind a real client: the list call answers
 * what `stored` holds at the time, the send call what `store` answers. Records what was asked.
 */
function fakeServer(stored: DanmakuView[]) {
  const listed: number[] = [];
  const requests: { path: string; query: URLSearchParams; body: unknown }[] = [];
  let store: () => Promise<DanmakuView> = () => Promise.reject(new Error('no send expected'));
  const transport: Transport = async (request) => {
    const url = new URL(request.url);
    const body: unknown = request.method === 'POST' ? await request.json() : undefined;
    requests.push({ path: url.pathname, query: url.searchParams, body });
    if (request.method === listDanmaku.method && url.pathname === listDanmaku.path) {
      const segment = Number(url.searchParams.get('segment_index'));
      listed.push(segment);
      const from = (segment - 1) * DANMAKU_SEGMENT_MS;
      const list = stored.filter(
        (d) => d.offset_ms >= from && d.offset_ms < from + DANMAKU_SEGMENT_MS,
      );
      return envelope({ danmaku_list: list });
    }
    if (request.method === sendDanmaku.method && url.pathname === sendDanmaku.path) {
      return envelope({ danmaku: await store() });
    }
    return Response.json({ code: 404, message: '接口不存在', data: null }, { status: 404 });
  };
  return {
    client: createClient({ transport, baseUrl: 'http://melon.test' }),
    listed,
    requests,
    /** The next sends store `view`. */
    willStore(view: DanmakuView) {
      store = () => Promise.resolve(view);
    },
    /** The next send is answered only when the returned function is called with its danmaku. */
    holdSend(): (view: DanmakuView) => void {
      let release: (view: DanmakuView) => void = () => undefined;
      const answer = new Promise<DanmakuView>((resolve) => {
        release = resolve;
      });
      store = () => answer;
      return (view) => {
        release(view);
      };
    },
  };
}

/** A sink that records what the engine was told. */
function recordingSink() {
  const shown = new Map<string, string>();
  const sink: DanmakuSink = {
    load(list) {
      shown.clear();
      for (const d of list) shown.set(d.id, d.text);
    },
    add(d) {
      shown.set(d.id, d.text);
    },
    remove(id) {
      shown.delete(id);
    },
  };
  return { sink, shown };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('danmaku session, live deletes', () => {
  it('takes a deleted danmaku off the engine and the list', async () => {
    const [a, b] = [view(1000), view(2000)];
    const server = fakeServer([a, b]);
    const session = createDanmakuSession(() => server.client, TEST_ITEM_ID, null);
    session.start();
    const { sink, shown } = recordingSink();
    session.attach(sink);
    session.follow(0, 60_000);
    await settle();
    expect([...shown.keys()]).toEqual([a.id, b.id]);

    session.receive({ op: 'delete', data: { danmaku_id: a.id } });
    expect([...shown.keys()]).toEqual([b.id]);
    expect(session.pool.list.map((d) => d.id)).toEqual([b.id]);
    // A delete of something never seen changes nothing.
    session.receive({ op: 'delete', data: { danmaku_id: '7000000000000099999' } });
    expect(session.pool.list.map((d) => d.id)).toEqual([b.id]);
  });

  it("removes the viewer's own danmaku drawn under its local id", async () => {
    const server = fakeServer([]);
    const session = createDanmakuSession(() => server.client, TEST_ITEM_ID, VIEWER);
    session.start();
    const { sink, shown } = recordingSink();
    session.attach(sink);
    const stored = view(3000, { sender_id: VIEWER, text: '我的' });
    server.willStore(stored);
    await session.send({
      offset_ms: 3000,
      text: '我的',
      colour: 0xffffff,
      mode: 'scroll',
      size: 25,
    });
    // The engine still draws it under the local id it was shown with at once.
    expect([...shown.keys()]).toEqual(['local-1']);
    session.receive({ op: 'delete', data: { danmaku_id: stored.id } });
    expect(shown.size).toBe(0);
    expect(session.pool.list).toEqual([]);
  });
});

describe("danmaku session, the viewer's own", () => {
  it('never lists a send twice when its live echo beats the answer', async () => {
    const stored = view(3000, { sender_id: VIEWER, text: '抢先' });
    const server = fakeServer([]);
    const answer = server.holdSend();
    const session = createDanmakuSession(() => server.client, TEST_ITEM_ID, VIEWER);
    session.start();
    const { sink, shown } = recordingSink();
    session.attach(sink);
    const lengths: number[] = [];
    session.pool.subscribe(() => lengths.push(session.pool.list.length));
    const sending = session.send({
      offset_ms: 3000,
      text: '抢先',
      colour: 0xffffff,
      mode: 'scroll',
      size: 25,
    });
    session.receive({ op: 'danmaku', data: stored });
    expect(session.pool.list.map((d) => d.id)).toEqual([stored.id]);
    answer(stored);
    await sending;
    expect(session.pool.list.map((d) => d.id)).toEqual([stored.id]);
    expect(Math.max(...lengths)).toBe(1);
    // Drawn once, under the local id it was shown with at once.
    expect([...shown.keys()]).toEqual(['local-1']);
  });
});

describe('danmaku session, the calls', () => {
  it('carries app_name and format on the list and send calls (SPEC §7)', async () => {
    const server = fakeServer([]);
    const session = createDanmakuSession(() => server.client, TEST_ITEM_ID, VIEWER);
    session.start();
    session.follow(0, 60_000);
    await settle();
    server.willStore(view(1000, { sender_id: VIEWER, text: '你好' }));
    await session.send({ offset_ms: 1000, text: '你好', colour: 0xfe0302, mode: 'top', size: 36 });
    expect(server.requests.map((r) => r.path)).toEqual([listDanmaku.path, sendDanmaku.path]);
    for (const { query } of server.requests) {
      expect(query.get('aid')).toBe('1768');
      expect(query.get('app_name')).toBe('video_ixigua');
      expect(query.get('format')).toBe('json');
    }
    expect(server.requests[0]?.query.get('item_id')).toBe(TEST_ITEM_ID);
    expect(server.requests[0]?.query.get('segment_index')).toBe('1');
    expect(server.requests[1]?.body).toEqual({
      item_id: TEST_ITEM_ID,
      offset_ms: 1000,
      text: '你好',
      colour: 0xfe0302,
      mode: 'top',
      size: 36,
    });
  });
});

/** A started session with an overlay, playing at 400 s (segment 2) of `stored`. */
async function watchingSegmentTwo(stored: DanmakuView[]) {
  const server = fakeServer(stored);
  const session = createDanmakuSession(() => server.client, TEST_ITEM_ID, null);
  session.start();
  const { sink, shown } = recordingSink();
  session.attach(sink);
  session.follow(400_000, 1_000_000);
  await settle();
  return { server, session, shown };
}

describe('danmaku session, reconnection', () => {
  it('re-reads the current segment after a reconnection, without duplicates', async () => {
    const first = view(400_000);
    const stored = [first];
    const { server, session, shown } = await watchingSegmentTwo(stored);
    expect(server.listed).toEqual([2]);
    expect([...shown.keys()]).toEqual([first.id]);

    // Sent while the connection was down: no live frame ever comes for it.
    const missed = view(401_000);
    stored.push(missed);
    session.follow(400_500, 1_000_000);
    await settle();
    expect(server.listed).toEqual([2]);

    session.reconnected();
    await settle();
    expect(server.listed).toEqual([2, 2]);
    expect(session.pool.list.map((d) => d.id)).toEqual([first.id, missed.id]);
    expect([...shown.keys()]).toEqual([first.id, missed.id]);
  });

  it('drops what was deleted while the connection was down, not what arrived since', async () => {
    const kept = view(400_000);
    const deleted = view(401_000);
    const stored = [kept, deleted];
    const { session, shown } = await watchingSegmentTwo(stored);
    expect([...shown.keys()]).toEqual([kept.id, deleted.id]);

    // Deleted while the connection was down: its live delete never came.
    stored.splice(stored.indexOf(deleted), 1);
    session.reconnected();
    // A live arrival while the segment is read again is newer than the answer: it stays.
    const arriving = view(402_000);
    session.receive({ op: 'danmaku', data: arriving });
    await settle();
    expect(session.pool.list.map((d) => d.id)).toEqual([kept.id, arriving.id]);
    expect([...shown.keys()]).toEqual([kept.id, arriving.id]);
  });

  it('does nothing once stopped', async () => {
    const server = fakeServer([]);
    const session = createDanmakuSession(() => server.client, TEST_ITEM_ID, null);
    const stop = session.start();
    session.follow(0, 60_000);
    await settle();
    stop();
    session.reconnected();
    await settle();
    expect(server.listed).toEqual([1]);
  });
});
