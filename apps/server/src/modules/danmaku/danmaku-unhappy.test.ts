import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addShieldWord,
  danmakuAction,
  deleteDanmaku,
  deleteShieldWord,
  exportDanmakuXml,
  reportDanmaku,
  sendDanmaku,
  sendDanmakuReply,
  sendStickerDanmaku,
} from '@melon/shared/calls/danmaku.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { DANMAKU_QUERY as Q } from '../../testing/danmaku-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';

/*
 * The unhappy paths of every danmaku write, route by route: signed out, a forged request, a
 * malformed field and an oversized body are each refused with their status and leave the
 * database exactly as it was.
 */

let t: TestApp;
let sender: Visitor;
/** An item, a danmaku on it and one of the sender's shield words, for bodies that name them. */
const known = { item: '', danmaku: '', word: '' };

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t.db, t.newId);
  known.item = await createItem(t.db, t.newId, author);
  const senderId = await createUser(t.db, t.newId);
  sender = await t.signedIn(senderId);
  const sent = await post(sendDanmaku.path, sender.headers, {
    item_id: known.item,
    offset_ms: 1000,
    text: '在这里',
  });
  known.danmaku = sent.json<{ data: { danmaku: { id: string } } }>().data.danmaku.id;
  const word = await post(addShieldWord.path, sender.headers, { text: '剧透' });
  known.word = word.json<{ data: { word: { id: string } } }>().data.word.id;
});
afterAll(() => t.close());

function post(url: string, headers: Record<string, string>, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `${url}${Q}`, headers, payload });
}

interface WriteRoute {
  url: string;
  /** A body the route would accept from the signed-in sender. */
  body: () => Record<string, unknown>;
  /** The same body with one field malformed, and that field's name. */
  malformed: () => [field: string, body: Record<string, unknown>];
}

const sendBody = () => ({ item_id: known.item, offset_ms: 2000, text: '你好' });

const routes: [string, WriteRoute][] = [
  [
    'send',
    {
      url: sendDanmaku.path,
      body: sendBody,
      malformed: () => ['offset_ms', { ...sendBody(), offset_ms: -5 }],
    },
  ],
  [
    'delete',
    {
      url: deleteDanmaku.path,
      body: () => ({ danmaku_id: known.danmaku }),
      malformed: () => ['danmaku_id', { danmaku_id: 'abc' }],
    },
  ],
  [
    'action',
    {
      url: danmakuAction.path,
      body: () => ({ danmaku_id: known.danmaku, action_type: 1 }),
      malformed: () => ['action_type', { danmaku_id: known.danmaku, action_type: 'like' }],
    },
  ],
  [
    'send_reply',
    {
      url: sendDanmakuReply.path,
      body: () => ({ ...sendBody(), reply_to: known.danmaku }),
      malformed: () => ['reply_to', { ...sendBody(), reply_to: '12ab' }],
    },
  ],
  [
    'report',
    {
      url: reportDanmaku.path,
      body: () => ({ danmaku_id: known.danmaku, report_type: 2, report_reason: '刷屏' }),
      malformed: () => ['report_type', { danmaku_id: known.danmaku, report_type: 1000 }],
    },
  ],
  [
    'sticker send',
    {
      url: sendStickerDanmaku.path,
      body: () => ({ item_id: known.item, offset_ms: 2000, sticker_id: 'melon_laugh' }),
      malformed: () => ['item_id', { item_id: 'x', offset_ms: 2000, sticker_id: 'melon_laugh' }],
    },
  ],
  [
    'shield-word add',
    {
      url: addShieldWord.path,
      body: () => ({ text: '前方高能' }),
      malformed: () => ['text', { text: '词'.repeat(201) }],
    },
  ],
  [
    'shield-word delete',
    {
      url: deleteShieldWord.path,
      body: () => ({ id: known.word }),
      malformed: () => ['id', { id: 'first' }],
    },
  ],
];

/** Everything a danmaku write can change. */
async function snapshot(): Promise<unknown> {
  const [danmaku, likes, reports, words] = await Promise.all([
    t.db
      .selectFrom('danmaku')
      .select(['id', 'state', 'like_count', 'text'])
      .orderBy('id')
      .execute(),
    t.db.selectFrom('danmaku_likes').selectAll().orderBy('danmaku_id').execute(),
    t.db.selectFrom('danmaku_reports').select('id').orderBy('id').execute(),
    t.db.selectFrom('danmaku_shield_words').select(['id', 'text']).orderBy('id').execute(),
  ]);
  return { danmaku, likes, reports, words };
}

describe.each(routes)('%s', (_name, route) => {
  itRefusesBadWrites({
    send: (headers, body) => post(route.url, headers, body),
    signedIn: () => sender.headers,
    visitor: () => t.visitor().headers,
    body: route.body,
    malformed: route.malformed,
    snapshot,
  });
});

describe('export', () => {
  it('answers 400 naming a malformed item_id', async () => {
    const res = await t.app.inject({ url: `${exportDanmakuXml.path}?item_id=12ab` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'item_id' });
  });
});
