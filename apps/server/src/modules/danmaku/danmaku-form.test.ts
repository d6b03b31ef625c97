import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DANMAKU_STICKERS } from '@melon/shared/contracts/danmaku';
import {
  addShieldWord,
  danmakuAction,
  deleteDanmaku,
  deleteShieldWord,
  listDanmaku,
  reportDanmaku,
  sendDanmaku,
  sendDanmakuReply,
  sendStickerDanmaku,
} from '@melon/shared/calls/danmaku.calls';
import { createItem } from '../../testing/factories.ts';
import type { TestApp, Visitor } from '../../testing/test-app.ts';
import {
  countDanmaku,
  createDanmakuTestApp,
  DANMAKU_QUERY as Q,
  newSender,
} from '../../testing/danmaku-app.ts';

/*
 * The web client posts these calls as forms (application/x-www-form-urlencoded), like the SPEC §7
 * sticker call: every field arrives as a string and must be read as the JSON body would be.
 */

let t: TestApp;
let author: string;
let item: string;
beforeAll(async () => {
  ({ t, author, item } = await createDanmakuTestApp());
});
afterAll(() => t.close());

function postForm(url: string, visitor: Visitor | undefined, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `${url}${Q}`,
    headers: {
      ...(visitor?.headers ?? t.visitor().headers),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

interface Sent {
  id: string;
  text: string;
  offset_ms: number;
  colour: number;
  size: number;
  mode: string;
  sticker_id: string | null;
}
const sentOf = (body: string) => (JSON.parse(body) as { data: { danmaku: Sent } }).data.danmaku;

describe('form bodies on the danmaku calls', () => {
  it('sends, replies, likes, reports and deletes with form fields', async () => {
    const sender = await newSender(t);
    const res = await postForm(sendDanmaku.path, sender.v, {
      item_id: item,
      offset_ms: '2500',
      text: '表单弹幕',
      colour: '16711680',
      mode: 'bottom',
      size: '36',
    });
    expect(res.statusCode).toBe(200);
    const sent = sentOf(res.body);
    expect(sent).toMatchObject({
      text: '表单弹幕',
      offset_ms: 2500,
      colour: 0xff0000,
      mode: 'bottom',
      size: 36,
      sticker_id: null,
    });

    const replier = await newSender(t);
    const reply = await postForm(sendDanmakuReply.path, replier.v, {
      item_id: item,
      offset_ms: '2600',
      text: '同意',
      reply_to: sent.id,
    });
    expect(reply.statusCode).toBe(200);
    expect(sentOf(reply.body).text).toMatch(/^回复 @.+：同意$/);

    const liked = await postForm(danmakuAction.path, replier.v, {
      danmaku_id: sent.id,
      action_type: '1',
    });
    expect(liked.json<{ data: { like_count: number } }>().data.like_count).toBe(1);

    const reported = await postForm(reportDanmaku.path, replier.v, {
      danmaku_id: sent.id,
      report_type: '2',
      report_reason: '剧透',
    });
    expect(reported.statusCode).toBe(200);

    const deleted = await postForm(deleteDanmaku.path, sender.v, { danmaku_id: sent.id });
    expect(deleted.statusCode).toBe(200);
  });

  it('adds and deletes a shield word with form fields', async () => {
    const { v } = await newSender(t);
    const added = await postForm(addShieldWord.path, v, { text: '前方高能' });
    expect(added.statusCode).toBe(200);
    const { id } = added.json<{ data: { word: { id: string } } }>().data.word;
    expect((await postForm(deleteShieldWord.path, v, { id })).statusCode).toBe(200);
  });

  it.each([
    ['offset_ms', { offset_ms: 'soon' }],
    ['colour', { colour: '#ff0000' }],
    ['size', { size: 'big' }],
    ['item_id', { item_id: '' }],
  ])('refuses a malformed %s with 400 naming it, storing nothing', async (field, over) => {
    const own = await createItem(t.db, t.newId, author);
    const { v } = await newSender(t);
    const res = await postForm(sendDanmaku.path, v, {
      item_id: own,
      offset_ms: '0',
      text: '坏字段',
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe(field);
    expect(await countDanmaku(t, 'item_id', own)).toBe(0);
  });

  it('refuses a form without login (401) or without the token (403), storing nothing', async () => {
    const own = await createItem(t.db, t.newId, author);
    const fields = { item_id: own, offset_ms: '0', text: '未登录' };
    expect((await postForm(sendDanmaku.path, undefined, fields)).statusCode).toBe(401);
    const { v } = await newSender(t);
    const forged = await t.app.inject({
      method: 'POST',
      url: `${sendDanmaku.path}${Q}`,
      headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(forged.statusCode).toBe(403);
    expect(await countDanmaku(t, 'item_id', own)).toBe(0);
  });
});

describe('sticker danmaku', () => {
  const sticker = DANMAKU_STICKERS[3];

  it('stores a built-in sticker as a danmaku with its marker and lists it', async () => {
    const own = await createItem(t.db, t.newId, author);
    const { id, v } = await newSender(t);
    const res = await postForm(sendStickerDanmaku.path, v, {
      item_id: own,
      offset_ms: '4000',
      sticker_id: sticker.id,
    });
    expect(res.statusCode).toBe(200);
    const sent = sentOf(res.body);
    expect(sent).toMatchObject({
      sticker_id: sticker.id,
      text: `[${sticker.name}]`,
      mode: 'scroll',
    });
    const list = await t.app.inject({ url: `${listDanmaku.path}${Q}&item_id=${own}` });
    const listed = list.json<{ data: { danmaku_list: Sent[] } }>().data.danmaku_list;
    expect(listed).toEqual([expect.objectContaining({ id: sent.id, sticker_id: sticker.id })]);
    const row = await t.db
      .selectFrom('danmaku')
      .select(['sender_id', 'sticker_id'])
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sender_id: id, sticker_id: sticker.id });
  });

  it('shares the send limit with text danmaku', async () => {
    const own = await createItem(t.db, t.newId, author);
    const { v } = await newSender(t);
    const text = await postForm(sendDanmaku.path, v, {
      item_id: own,
      offset_ms: '0',
      text: '先发文字',
    });
    expect(text.statusCode).toBe(200);
    const res = await postForm(sendStickerDanmaku.path, v, {
      item_id: own,
      offset_ms: '0',
      sticker_id: sticker.id,
    });
    expect(res.statusCode).toBe(429);
    expect(await countDanmaku(t, 'item_id', own)).toBe(1);
  });

  it.each([
    ['an unknown sticker', { sticker_id: 'melon_nope' }, 400],
    ['no sticker', { sticker_id: undefined }, 400],
    ['a malformed offset', { offset_ms: '-1' }, 400],
    ['an offset past the end', { offset_ms: '61501' }, 400],
    ['an unknown item', { item_id: '1' }, 404],
  ])('refuses %s, storing nothing', async (_name, over, status) => {
    const own = await createItem(t.db, t.newId, author);
    const { v } = await newSender(t);
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries({
      item_id: own,
      offset_ms: '0',
      sticker_id: sticker.id,
      ...over,
    })) {
      if (value !== undefined) fields[key] = value;
    }
    const res = await postForm(sendStickerDanmaku.path, v, fields);
    expect(res.statusCode).toBe(status);
    expect(await countDanmaku(t, 'item_id', own)).toBe(0);
  });

  it('refuses a visitor (401) and a forged form (403)', async () => {
    const own = await createItem(t.db, t.newId, author);
    const fields = { item_id: own, offset_ms: '0', sticker_id: sticker.id };
    expect((await postForm(sendStickerDanmaku.path, undefined, fields)).statusCode).toBe(401);
    const { v } = await newSender(t);
    const forged = await t.app.inject({
      method: 'POST',
      url: `${sendStickerDanmaku.path}${Q}`,
      headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(forged.statusCode).toBe(403);
    expect(await countDanmaku(t, 'item_id', own)).toBe(0);
  });
});
