import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenedDatabase } from '@melon/db/open-database';
import { createTestDatabase } from '@melon/db/testing';
import { danmakuTopic } from '@melon/shared/contracts/realtime';
import { createIdGenerator } from '@melon/shared/ids/id';
import {
  danmakuAction,
  deleteDanmaku,
  exportDanmakuXml,
  listDanmaku,
  reportDanmaku,
  sendDanmaku,
  sendDanmakuReply,
  sendStickerDanmaku,
} from '@melon/shared/calls/danmaku.calls';
import { LiveClient, startLiveServer, type LiveServer } from '../../testing/live-server.ts';
import { createUser } from '../../testing/factories.ts';
import { createItemIn, HIDDEN_ITEMS } from '../../testing/item-factory.ts';
import { DANMAKU_QUERY as Q } from '../../testing/danmaku-app.ts';

/*
 * Danmaku of an item the caller may not see (another user's private item, a deleted one, one
 * whose video is processing or failed): every danmaku call, and the `/ws` subscription, answers
 * exactly as for an item that does not exist; the item's author keeps them, unless deleted.
 */

// Real sockets and a real database on a shared 2-core machine: generous, never a timing claim.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
const newId = createIdGenerator();

let database: OpenedDatabase;
let server: LiveServer;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startLiveServer(database.db, newId, {});
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** What a call is about: its item, a danmaku of it, and the danmaku a reply answers. */
interface Target {
  item: string;
  danmaku: string;
  replyTo: string;
}

/** A call's answer: the HTTP status and body, or the gateway's reply to `sub`. */
interface Answer {
  status: number | string;
  body: unknown;
}

type Headers = Record<string, string>;

async function get(url: string, headers: Headers): Promise<Answer> {
  const res = await server.app.inject({ url, headers });
  const json = res.headers['content-type']?.startsWith('application/json');
  return { status: res.statusCode, body: json ? res.json() : res.body };
}

async function post(url: string, headers: Headers, payload: object): Promise<Answer> {
  const res = await server.app.inject({ method: 'POST', url: `${url}${Q}`, headers, payload });
  return { status: res.statusCode, body: res.json() };
}

/** Subscribes over a new socket; the answer leaves out the topic, which names the item. */
async function subscribe(itemId: string, headers: Headers): Promise<Answer> {
  const client = await LiveClient.connect(server.wsUrl, { origin: server.origin, headers });
  const topic = danmakuTopic(itemId);
  try {
    const subscribed = client.next('subscribed', (m) => m.data.topic === topic);
    const refused = client.next('error', (m) => m.data.topic === topic);
    subscribed.catch(() => undefined);
    refused.catch(() => undefined);
    client.send({ op: 'sub', topic });
    const message = await Promise.race([subscribed, refused]);
    if (message.op === 'subscribed') return { status: 'subscribed', body: null };
    return { status: message.data.code, body: message.data.message };
  } finally {
    client.close();
  }
}

type Call = (target: Target, headers: Headers) => Promise<Answer>;

const CALLS: Record<string, Call> = {
  list: (target, headers) => get(`${listDanmaku.path}${Q}&item_id=${target.item}`, headers),
  export: (target, headers) => get(`${exportDanmakuXml.path}?item_id=${target.item}`, headers),
  send: (target, headers) =>
    post(sendDanmaku.path, headers, { item_id: target.item, offset_ms: 1000, text: '在吗' }),
  send_reply: (target, headers) =>
    post(sendDanmakuReply.path, headers, {
      item_id: target.item,
      offset_ms: 1000,
      text: '在的',
      reply_to: target.replyTo,
    }),
  'sticker send': (target, headers) =>
    post(sendStickerDanmaku.path, headers, {
      item_id: target.item,
      offset_ms: 1000,
      sticker_id: 'melon_doge',
    }),
  delete: (target, headers) => post(deleteDanmaku.path, headers, { danmaku_id: target.danmaku }),
  'action (like)': (target, headers) =>
    post(danmakuAction.path, headers, { danmaku_id: target.danmaku, action_type: 1 }),
  report: (target, headers) =>
    post(reportDanmaku.path, headers, {
      danmaku_id: target.danmaku,
      report_type: 1,
      report_reason: '刷屏',
    }),
  '/ws subscribe': (target, headers) => subscribe(target.item, headers),
};
const EVERY_CALL = Object.entries(CALLS);
/** The calls a signed-out visitor may make. */
const VISITOR_CALLS = EVERY_CALL.filter(([name]) =>
  ['list', 'export', '/ws subscribe'].includes(name),
);

/** An item in the given state with one danmaku of `sender` on it. */
async function itemWithDanmaku(
  state: (typeof HIDDEN_ITEMS)[number],
  author: string,
  sender: string,
): Promise<{ item: string; danmaku: string }> {
  const item = await createItemIn(database.db, newId, author, state);
  const danmaku = newId();
  const now = Date.now();
  await database.db
    .insertInto('danmaku')
    .values({
      id: danmaku,
      item_id: item,
      offset_ms: 500,
      text: '早就在了',
      colour: 0xffffff,
      mode: 'scroll',
      size: 25,
      pool: 'normal',
      sender_id: sender,
      send_time: now,
      created_at: now,
      source_mode: null,
      sticker_id: null,
    })
    .execute();
  return { item, danmaku };
}

/** How the call answers for an item and a danmaku that do not exist. */
function askUnknown(call: Call, replyTo: string, headers: Headers): Promise<Answer> {
  return call({ item: newId(), danmaku: newId(), replyTo }, headers);
}

async function danmakuCount(item: string): Promise<number> {
  const rows = await database.db
    .selectFrom('danmaku')
    .select('id')
    .where('item_id', '=', item)
    .where('state', '=', 'visible')
    .execute();
  return rows.length;
}

describe.each(HIDDEN_ITEMS)('danmaku of an item that is $name', (state) => {
  it.each(EVERY_CALL)('%s: someone else gets the answer of an unknown item', async (_, call) => {
    const author = await createUser(database.db, newId);
    // The stranger even sent the danmaku, before the item was hidden.
    const stranger = await createUser(database.db, newId);
    const { item, danmaku } = await itemWithDanmaku(state, author, stranger);
    const headers = await server.signedIn(stranger);

    const unknown = await askUnknown(call, danmaku, headers);
    expect(unknown.status).toBe(404);
    expect(await call({ item, danmaku, replyTo: danmaku }, headers)).toEqual(unknown);
    expect(await danmakuCount(item)).toBe(1);
  });

  it.each(VISITOR_CALLS)('%s: a visitor gets the answer of an unknown item', async (_, call) => {
    const author = await createUser(database.db, newId);
    const { item, danmaku } = await itemWithDanmaku(state, author, author);

    const unknown = await askUnknown(call, danmaku, {});
    expect(unknown.status).toBe(404);
    expect(await call({ item, danmaku, replyTo: danmaku }, {})).toEqual(unknown);
  });

  it.each(EVERY_CALL)(
    state.authorSees
      ? '%s: its author keeps access'
      : '%s: its author too gets the answer of an unknown item',
    async (name, call) => {
      const author = await createUser(database.db, newId);
      const sender = await createUser(database.db, newId);
      const { item, danmaku } = await itemWithDanmaku(state, author, sender);
      const headers = await server.signedIn(author);

      const answer = await call({ item, danmaku, replyTo: danmaku }, headers);
      if (state.authorSees) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(
          name === '/ws subscribe' ? 'subscribed' : 200,
        );
      } else {
        expect(answer).toEqual(await askUnknown(call, danmaku, headers));
      }
    },
  );
});
