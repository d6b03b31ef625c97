import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { DANMAKU_SEGMENT_MAX, DANMAKU_SEGMENT_MS } from '@melon/shared/contracts/danmaku';
import { fixturePath } from '@melon/shared/testing/fixtures';
import {
  addShieldWord,
  danmakuAction,
  deleteDanmaku,
  deleteShieldWord,
  exportDanmakuXml,
  getShieldWords,
  listDanmaku,
  reportDanmaku,
  sendDanmaku,
  sendDanmakuReply,
} from '@melon/shared/calls/danmaku.calls';
import type { CallDeclaration } from '@melon/shared/calls/call';
import { createItem } from '../../testing/factories.ts';
import type { TestApp, Visitor } from '../../testing/test-app.ts';
import { runDanmakuImport } from '../../cli/danmaku-import.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { danmakuMessages } from './danmaku.messages.ts';
import { SEGMENT_BUCKET_MS } from './danmaku.repository.ts';
import {
  countDanmaku,
  createDanmakuTestApp,
  DANMAKU_QUERY as Q,
  newSender,
} from '../../testing/danmaku-app.ts';
import { createDanmakuService, importBilibiliXml } from './danmaku.service.ts';

const danmakuFixture = (name: string) => fixturePath('danmaku', name);

let t: TestApp;
let author: string;
let item: string;
beforeAll(async () => {
  ({ t, author, item } = await createDanmakuTestApp());
});
afterAll(() => t.close());

function post(
  call: CallDeclaration,
  visitor: Visitor | undefined,
  payload: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: `${call.path}${Q}`,
    headers: visitor?.headers ?? t.visitor().headers,
    payload,
  });
}

const sendBody = (over: Record<string, unknown> = {}) => ({
  item_id: item,
  offset_ms: 1000,
  text: '你好',
  colour: 0xff0000,
  mode: 'top',
  size: 25,
  pool: 'normal',
  ...over,
});

async function sendOne(v: Visitor, over: Record<string, unknown> = {}): Promise<string> {
  const res = await post(sendDanmaku, v, sendBody(over));
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { danmaku: { id: string } } }>().data.danmaku.id;
}

describe('send', () => {
  it('stores a danmaku and lists it', async () => {
    const { v } = await newSender(t);
    const res = await post(sendDanmaku, v, sendBody({ text: '  <b>hi</b>  ' }));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; data: { danmaku: { text: string; colour: number } } }>();
    expect(body.code).toBe(200);
    expect(body.data.danmaku).toMatchObject({ text: '<b>hi</b>', colour: 0xff0000 });
    const list = await t.app.inject({ url: `${listDanmaku.path}${Q}&item_id=${item}` });
    expect(list.json<{ data: { danmaku_list: { text: string }[] } }>().data.danmaku_list).toEqual(
      expect.arrayContaining([expect.objectContaining({ text: '<b>hi</b>' })]),
    );
  });

  it('refuses a visitor with 401 and a bad token with 403', async () => {
    expect((await post(sendDanmaku, undefined, sendBody())).statusCode).toBe(401);
    const { v } = await newSender(t);
    const bad = await t.app.inject({
      method: 'POST',
      url: `${sendDanmaku.path}${Q}`,
      headers: { ...v.headers, [CSRF_HEADER]: 'nope' },
      payload: sendBody(),
    });
    expect(bad.statusCode).toBe(403);
  });

  it.each([
    ['empty text', { text: '   ' }],
    ['text over 100', { text: '弹'.repeat(101) }],
    ['control characters', { text: 'a\u0007b' }],
    ['a newline', { text: 'a\nb' }],
    ['a zero-width space', { text: 'a\u200Bb' }],
    ['a right-to-left override', { text: 'abc\u202Edef' }],
    ['a bidi isolate', { text: '\u2066abc\u2069' }],
    ['a byte order mark inside', { text: 'ab\uFEFFc' }],
    ['a line separator', { text: 'a\u2028b' }],
    ['a paragraph separator', { text: 'a\u2029b' }],
    ['a zero-width joiner between letters', { text: 'a\u200Db' }],
    ['nothing visible (Hangul fillers)', { text: '\u3164\u3164' }],
    ['nothing visible (a lone combining mark)', { text: '\u0301' }],
    ['nothing visible (the braille blank)', { text: '\u2800' }],
    ['colour over 24 bits', { colour: 0x1000000 }],
    ['negative colour', { colour: -1 }],
    ['unknown mode', { mode: 'diagonal' }],
    ['unknown pool', { pool: 'secret' }],
    ['size out of range', { size: 500 }],
    ['offset past the end', { offset_ms: 61_501 }],
    ['malformed item id', { item_id: 'abc' }],
  ])('refuses %s with 400', async (_name, over) => {
    const { id, v } = await newSender(t);
    expect((await post(sendDanmaku, v, sendBody(over))).statusCode).toBe(400);
    expect(await countDanmaku(t, 'sender_id', id)).toBe(0);
  });

  it('names the rule a refused text broke', async () => {
    const { v } = await newSender(t);
    const hidden = await post(sendDanmaku, v, sendBody({ text: 'a\u202Eb' }));
    expect(hidden.json()).toMatchObject({
      code: 400,
      field: 'text',
      message: danmakuMessages.controlChars,
    });
    const blank = await post(sendDanmaku, v, sendBody({ text: '\u3164' }));
    expect(blank.json()).toMatchObject({
      code: 400,
      field: 'text',
      message: danmakuMessages.textInvisible,
    });
  });

  it('keeps emoji joined by zero-width joiners', async () => {
    const { v } = await newSender(t);
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const res = await post(sendDanmaku, v, sendBody({ text: `全家 ${family}` }));
    expect(res.json<{ data: { danmaku: { text: string } } }>().data.danmaku.text).toBe(
      `全家 ${family}`,
    );
  });

  it("lets only the video's author send to the subtitle and special pools", async () => {
    for (const pool of ['subtitle', 'special']) {
      const { id, v } = await newSender(t);
      const refused = await post(sendDanmaku, v, sendBody({ pool }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 403,
        message: danmakuMessages.poolAuthorOnly,
        data: null,
      });
      expect(await countDanmaku(t, 'sender_id', id)).toBe(0);
    }
    const own = await createItem(t.db, t.newId, author);
    const authorV = await t.signedIn(author);
    const res = await post(sendDanmaku, authorV, sendBody({ item_id: own, pool: 'subtitle' }));
    expect(res.json<{ data: { danmaku: { pool: string } } }>().data.danmaku.pool).toBe('subtitle');
  });

  it('accepts exactly 100 characters', async () => {
    const { v } = await newSender(t);
    await sendOne(v, { text: '弹'.repeat(100) });
  });

  it('answers 404 for an unknown item', async () => {
    const { v } = await newSender(t);
    expect((await post(sendDanmaku, v, sendBody({ item_id: '1' }))).statusCode).toBe(404);
  });

  it('allows one a second', async () => {
    const { v } = await newSender(t);
    await sendOne(v);
    const res = await post(sendDanmaku, v, sendBody());
    expect(res.statusCode).toBe(429);
    expect(res.json<{ data: { retry_after: number } }>().data.retry_after).toBe(1);
    expect(res.headers['retry-after']).toBe('1');
  });

  it('holds the limit for sends that arrive at once', async () => {
    const { id, v } = await newSender(t);
    await Promise.all(Array.from({ length: 5 }, () => sql`select 1`.execute(t.db)));
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(sendDanmaku, v, sendBody({ text: `同时${i}` }))),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429]);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json<{ code: number; message: string }>()).toMatchObject({
        code: 429,
        message: danmakuMessages.tooFrequent('1 秒'),
        data: { retry_after: 1 },
      });
    }
    expect(await countDanmaku(t, 'sender_id', id)).toBe(1);
  });

  it('holds the limit for concurrent sends inside one process, however they interleave', async () => {
    // Straight to the service, so the five checks and inserts really do overlap; on PostgreSQL
    // with five connections open already, so none waits on a new one.
    const service = createDanmakuService({ db: t.db, newId: t.newId });
    const { id } = await newSender(t);
    await Promise.all(Array.from({ length: 5 }, () => sql`select 1`.execute(t.db)));
    const input = (i: number) => ({
      itemId: item,
      offsetMs: 1000,
      text: `并发${i}`,
      colour: 0xffffff,
      mode: 'scroll' as const,
      size: 25,
      pool: 'normal' as const,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => service.send(id, input(i))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((r): unknown[] => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused).toHaveLength(4);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(DomainError);
      expect(reason).toMatchObject({ kind: 'too_frequent' });
    }
    expect(await countDanmaku(t, 'sender_id', id)).toBe(1);
  });

  it('allows 30 a minute', async () => {
    const { id, v } = await newSender(t);
    const now = Date.now();
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: t.newId(),
      item_id: item,
      offset_ms: i,
      text: `x${i}`,
      colour: 0,
      mode: 'scroll' as const,
      size: 25,
      pool: 'normal' as const,
      sender_id: id,
      send_time: now - 50_000 + i * 1000,
      created_at: now - 50_000 + i * 1000,
    }));
    await t.db.insertInto('danmaku').values(rows).execute();
    const res = await post(sendDanmaku, v, sendBody());
    expect(res.statusCode).toBe(429);
    const wait = res.json<{ data: { retry_after: number } }>().data.retry_after;
    expect(wait).toBeGreaterThan(1);
    expect(wait).toBeLessThanOrEqual(10);
    // A minute later the oldest has aged out.
    await t.db
      .updateTable('danmaku')
      .set((eb) => ({ created_at: eb('created_at', '-', 20_000) }))
      .where('sender_id', '=', id)
      .execute();
    await sendOne(v);
  });
});

describe('reply', () => {
  it('prefixes the text with the name', async () => {
    const target = await newSender(t);
    const targetId = await sendOne(target.v);
    const name = (
      await t.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow()
    ).name;
    const { v } = await newSender(t);
    const res = await post(sendDanmakuReply, v, {
      ...sendBody({ text: '同意' }),
      reply_to: targetId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { danmaku: { text: string } } }>().data.danmaku.text).toBe(
      `回复 @${name}：同意`,
    );
    expect(
      (await post(sendDanmakuReply, undefined, { ...sendBody(), reply_to: targetId })).statusCode,
    ).toBe(401);
    expect((await post(sendDanmakuReply, v, { ...sendBody(), reply_to: '1' })).statusCode).toBe(
      404,
    );
  });

  it('refuses a reply with no text of its own, though the prefix has some', async () => {
    const target = await newSender(t);
    const targetId = await sendOne(target.v);
    const { id, v } = await newSender(t);
    for (const text of ['', '   ', '\u200B']) {
      const res = await post(sendDanmakuReply, v, { ...sendBody({ text }), reply_to: targetId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, field: 'text' });
    }
    expect(await countDanmaku(t, 'sender_id', id)).toBe(0);
  });

  it('refuses a reply to a danmaku of another video', async () => {
    const elsewhere = await createItem(t.db, t.newId, author);
    const target = await newSender(t);
    const targetId = await sendOne(target.v, { item_id: elsewhere });
    const { id, v } = await newSender(t);
    const res = await post(sendDanmakuReply, v, { ...sendBody(), reply_to: targetId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 400,
      field: 'reply_to',
      message: danmakuMessages.replyOtherItem,
    });
    expect(await countDanmaku(t, 'sender_id', id)).toBe(0);
  });
});

describe('delete', () => {
  it('lets the sender and the author delete, others not', async () => {
    const sender = await newSender(t);
    const other = await newSender(t);
    const first = await sendOne(sender.v);
    expect((await post(deleteDanmaku, undefined, { danmaku_id: first })).statusCode).toBe(401);
    expect((await post(deleteDanmaku, other.v, { danmaku_id: first })).statusCode).toBe(403);
    expect((await post(deleteDanmaku, sender.v, { danmaku_id: first })).statusCode).toBe(200);
    expect((await post(deleteDanmaku, sender.v, { danmaku_id: first })).statusCode).toBe(404);
    expect((await post(deleteDanmaku, sender.v, { danmaku_id: 'x' })).statusCode).toBe(400);
    await t.db
      .updateTable('danmaku')
      .set({ created_at: 0 })
      .where('sender_id', '=', sender.id)
      .execute();
    const second = await sendOne(sender.v);
    const authorV = await t.signedIn(author);
    expect((await post(deleteDanmaku, authorV, { danmaku_id: second })).statusCode).toBe(200);
    const state = await t.db
      .selectFrom('danmaku')
      .select('state')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('deleted');
  });
});

describe('like and report', () => {
  it('likes once per user', async () => {
    const sender = await newSender(t);
    const id = await sendOne(sender.v);
    const a = await newSender(t);
    const b = await newSender(t);
    const like = (v: Visitor | undefined) =>
      post(danmakuAction, v, { danmaku_id: id, action_type: 1 });
    const count = async (v: Visitor) =>
      (await like(v)).json<{ data: { like_count: number } }>().data.like_count;
    expect(await count(a.v)).toBe(1);
    expect(await count(a.v)).toBe(1);
    expect(await count(b.v)).toBe(2);
    expect((await like(undefined)).statusCode).toBe(401);
    expect((await post(danmakuAction, a.v, { danmaku_id: id, action_type: 9 })).statusCode).toBe(
      400,
    );
    expect((await post(danmakuAction, a.v, { danmaku_id: '1', action_type: 1 })).statusCode).toBe(
      404,
    );
  });

  it('records a report', async () => {
    const sender = await newSender(t);
    const id = await sendOne(sender.v);
    const r = await newSender(t);
    const body = { danmaku_id: id, report_type: 2, report_reason: '刷屏' };
    expect((await post(reportDanmaku, undefined, body)).statusCode).toBe(401);
    expect((await post(reportDanmaku, r.v, { danmaku_id: id })).statusCode).toBe(400);
    expect((await post(reportDanmaku, r.v, { ...body, danmaku_id: '1' })).statusCode).toBe(404);
    expect((await post(reportDanmaku, r.v, body)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('danmaku_reports')
      .selectAll()
      .where('danmaku_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ report_type: 2, report_reason: '刷屏', user_id: r.id });
  });
});

describe('shield words', () => {
  it('adds, lists and deletes, within the limits', async () => {
    const { v } = await newSender(t);
    const list = () => t.app.inject({ url: `${getShieldWords.path}${Q}`, headers: v.headers });
    expect((await t.app.inject({ url: `${getShieldWords.path}${Q}` })).statusCode).toBe(401);
    expect((await post(addShieldWord, undefined, { text: 'a' })).statusCode).toBe(401);
    expect((await post(addShieldWord, v, { text: '字'.repeat(21) })).statusCode).toBe(400);
    expect((await post(addShieldWord, v, { text: '  ' })).statusCode).toBe(400);
    const hidden = await post(addShieldWord, v, { text: '剧\u200B透' });
    expect(hidden.json()).toMatchObject({
      code: 400,
      field: 'text',
      message: danmakuMessages.shieldForbidden,
    });
    const added = await post(addShieldWord, v, { text: '剧透' });
    const word = added.json<{ data: { word: { id: string; text: string } } }>().data.word;
    expect(word.text).toBe('剧透');
    await post(addShieldWord, v, { text: '剧透' });
    await expect(
      list().then((r) => r.json<{ data: { words: unknown[] } }>().data.words),
    ).resolves.toHaveLength(1);
    expect((await post(deleteShieldWord, v, { id: word.id })).statusCode).toBe(200);
    expect((await post(deleteShieldWord, v, { id: word.id })).statusCode).toBe(404);
  });

  it('keeps at most 200 words', async () => {
    const { id, v } = await newSender(t);
    await t.db
      .insertInto('danmaku_shield_words')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          id: t.newId(),
          user_id: id,
          text: `w${i}`,
          created_at: i,
        })),
      )
      .execute();
    expect((await post(addShieldWord, v, { text: 'one more' })).statusCode).toBe(400);
  });
});

describe('list', () => {
  it('pages by 6-minute segment and keeps the shape of one over 6000', async () => {
    const own = await createItem(t.db, t.newId, author);
    // Moment 0 holds one danmaku, moments 1–10 700 each (10 liked, the oldest), 11–59 40 each.
    const sizes = Array.from({ length: 60 }, (_, m) => (m === 0 ? 1 : m <= 10 ? 700 : 40));
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(DANMAKU_SEGMENT_MAX);
    const rows = sizes.flatMap((size, moment) =>
      Array.from({ length: size }, (_, j) => ({
        id: t.newId(),
        item_id: own,
        offset_ms: moment * SEGMENT_BUCKET_MS + ((j * 7) % SEGMENT_BUCKET_MS),
        text: `m${moment}-${j}`,
        colour: 0,
        mode: 'scroll' as const,
        size: 25,
        pool: 'normal' as const,
        sender_id: null,
        send_time: 1_700_000_000_000 + j,
        like_count: moment >= 1 && moment <= 10 && j < 10 ? 5 : 0,
        created_at: 0,
      })),
    );
    const [template] = rows;
    if (!template) throw new Error('no rows');
    rows.push({
      ...template,
      id: t.newId(),
      offset_ms: DANMAKU_SEGMENT_MS + 5,
      text: 'second',
      like_count: 0,
    });
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto('danmaku')
          .values(rows.slice(i, i + 500))
          .execute();
      }
    });
    const read = async (segment: number) =>
      (
        await t.app.inject({
          url: `${listDanmaku.path}${Q}&item_id=${own}&segment_index=${segment}`,
        })
      ).json<{
        data: {
          danmaku_list: {
            text: string;
            offset_ms: number;
            like_count: number;
            send_time: number;
          }[];
        };
      }>().data.danmaku_list;
    const first = await read(1);
    expect(first).toHaveLength(DANMAKU_SEGMENT_MAX);
    const offsets = first.map((d) => d.offset_ms);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    const kept = sizes.map((_, m) =>
      first.filter((d) => Math.floor(d.offset_ms / SEGMENT_BUCKET_MS) === m),
    );
    const counts = kept.map((k) => k.length);
    sizes.forEach((size, m) => {
      const count = counts[m] ?? 0;
      // No moment is emptied, and each keeps its share: every moment rounds its share up, which
      // the others pay for in proportion to their size.
      expect(count).toBeGreaterThanOrEqual(1);
      const share = (size * DANMAKU_SEGMENT_MAX) / total;
      expect(Math.abs(count - share)).toBeLessThanOrEqual(1 + (sizes.length * size) / total);
    });
    // Moments of one size keep as many as each other, give or take one.
    for (const band of [counts.slice(1, 11), counts.slice(11)]) {
      expect(Math.max(...band) - Math.min(...band)).toBeLessThanOrEqual(1);
    }
    // Within a moment the liked come first, then the newest.
    const dense = kept[3] ?? [];
    expect(dense.filter((d) => d.like_count > 0)).toHaveLength(10);
    const unliked = dense
      .filter((d) => d.like_count === 0)
      .map((d) => d.send_time - 1_700_000_000_000);
    expect(Math.min(...unliked)).toBe(700 - unliked.length);
    expect((await read(2)).map((d) => d.text)).toEqual(['second']);
    expect(await read(3)).toEqual([]);
    const missing = await t.app.inject({ url: `${listDanmaku.path}${Q}&item_id=1` });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: `${listDanmaku.path}${Q}&item_id=${own}&segment_index=0`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives every danmaku of a segment within the cap', async () => {
    const own = await createItem(t.db, t.newId, author);
    const { v } = await newSender(t);
    const id = await sendOne(v, { item_id: own });
    const res = await t.app.inject({ url: `${listDanmaku.path}${Q}&item_id=${own}` });
    expect(
      res.json<{ data: { danmaku_list: { id: string }[] } }>().data.danmaku_list.map((d) => d.id),
    ).toEqual([id]);
  });
});

describe('bilibili XML', () => {
  // Counted once from the fixtures (bilibili mode → danmaku), written down so a codec that
  // drops or misreads lines fails here.
  it.each([
    ['bilibili.xml', { 1: 64, 7: 267 }, { scroll: 64, top: 267, bottom: 0, reverse: 0 }],
    ['comment.xml', { 1: 1202, 4: 110, 5: 74 }, { scroll: 1202, top: 74, bottom: 110, reverse: 0 }],
    ['rokubunnoichi.xml', { 1: 1, 7: 876 }, { scroll: 1, top: 876, bottom: 0, reverse: 0 }],
  ])('imports %s with the right counts per mode', async (file, byBilibiliMode, byMode) => {
    const xml = readFileSync(danmakuFixture(file), 'utf8');
    const own = await createItem(t.db, t.newId, author);
    const result = await importBilibiliXml(t.db, own, xml, t.newId);
    const total = Object.values(byBilibiliMode).reduce((a, b) => a + b, 0);
    expect(result).toEqual({ total, byBilibiliMode, byMode });
    expect(await countDanmaku(t, 'item_id', own)).toBe(total);
    const stored = await t.db
      .selectFrom('danmaku')
      .select(['mode', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('item_id', '=', own)
      .groupBy('mode')
      .execute();
    const storedByMode = Object.fromEntries(stored.map((row) => [row.mode, Number(row.n)]));
    expect(storedByMode).toEqual(
      Object.fromEntries(Object.entries(byMode).filter(([, n]) => n > 0)),
    );
  });

  it('stores nothing from a malformed file and says where', async () => {
    const own = await createItem(t.db, t.newId, author);
    const xml = readFileSync(danmakuFixture('invalid-no_closing.xml'), 'utf8');
    await expect(importBilibiliXml(t.db, own, xml, t.newId)).rejects.toThrow(
      /line \d+, column \d+/,
    );
    expect(await countDanmaku(t, 'item_id', own)).toBe(0);
  });

  it('never stores markup from the XSS file', async () => {
    const own = await createItem(t.db, t.newId, author);
    const xml = readFileSync(danmakuFixture('invalid-xss.xml'), 'utf8');
    await importBilibiliXml(t.db, own, xml, t.newId).catch(() => undefined);
    const rows = await t.db
      .selectFrom('danmaku')
      .select('text')
      .where('item_id', '=', own)
      .execute();
    // Whatever is stored is kept as literal text and served as JSON, never as markup.
    for (const row of rows) expect(typeof row.text).toBe('string');
    expect(rows.length).toBe(0);
  });

  it('round-trips export then import', async () => {
    const own = await createItem(t.db, t.newId, author);
    const xml = readFileSync(danmakuFixture('comment.xml'), 'utf8');
    await importBilibiliXml(t.db, own, xml, t.newId);
    const res = await t.app.inject({ url: `${exportDanmakuXml.path}?item_id=${own}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    const copy = await createItem(t.db, t.newId, author);
    const again = await importBilibiliXml(t.db, copy, res.body, t.newId);
    expect(again.total).toBe(await countDanmaku(t, 'item_id', own));
    const texts = async (id: string) =>
      (
        await t.db
          .selectFrom('danmaku')
          .select(['text', 'offset_ms', 'colour', 'mode'])
          .where('item_id', '=', id)
          .execute()
      )
        .map((r) => `${r.offset_ms}|${r.mode}|${r.colour}|${r.text}`)
        .sort();
    expect(await texts(copy)).toEqual(await texts(own));
    expect((await t.app.inject({ url: `${exportDanmakuXml.path}?item_id=1` })).statusCode).toBe(
      404,
    );
  });

  it("writes back each danmaku's imported bilibili mode (1–9) on export", async () => {
    const own = await createItem(t.db, t.newId, author);
    const lines = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(
      (mode) =>
        `<d p="${mode}.5,${mode},25,${mode * 1000},1400000000,0,abcd1234,${9000 + mode}">模式${mode}</d>`,
    );
    await importBilibiliXml(t.db, own, `<i>${lines.join('')}</i>`, t.newId);
    const stored = await t.db
      .selectFrom('danmaku')
      .select(['text', 'mode', 'source_mode'])
      .where('item_id', '=', own)
      .orderBy('offset_ms')
      .execute();
    expect(stored.map((r) => `${r.source_mode}:${r.mode}`)).toEqual([
      '1:scroll',
      '2:scroll',
      '3:scroll',
      '4:bottom',
      '5:top',
      '6:reverse',
      '7:top',
      '8:top',
      '9:top',
    ]);
    const res = await t.app.inject({ url: `${exportDanmakuXml.path}?item_id=${own}` });
    const exported = [...res.body.matchAll(/<d p="([^"]*)">([^<]*)<\/d>/g)].map((m) => {
      const fields = (m[1] ?? '').split(',');
      return `${fields[0]},${fields[1]},${fields[3]},${fields[6]}|${m[2]}`;
    });
    expect(exported).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map(
        (mode) => `${mode}.5,${mode},${mode * 1000},abcd1234|模式${mode}`,
      ),
    );
    // Danmaku sent on Melon have no source mode: their own mode decides.
    const { v } = await newSender(t);
    await sendOne(v, { item_id: own, mode: 'reverse', text: '本站' });
    const again = await t.app.inject({ url: `${exportDanmakuXml.path}?item_id=${own}` });
    expect(again.body).toMatch(/<d p="1,6,25,16711680,\d+,0,,\d+">本站<\/d>/);
    // The list carries the imported mode, so the player can tell advanced and code danmaku apart.
    const listed = (
      await t.app.inject({ url: `${listDanmaku.path}${Q}&item_id=${own}&segment_index=1` })
    ).json<{ data: { danmaku_list: { text: string; bilibili_mode?: number }[] } }>().data
      .danmaku_list;
    expect(listed.map((d) => `${d.text}:${d.bilibili_mode ?? '-'}`)).toEqual([
      '本站:-',
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((mode) => `模式${mode}:${mode}`),
    ]);
  });

  it('runs as the CLI subcommand', async () => {
    const own = await createItem(t.db, t.newId, author);
    const out: string[] = [];
    const io = {
      out: (l: string) => out.push(l),
      err: (l: string) => out.push(l),
      db: t.db,
      newId: t.newId,
    };
    expect(await runDanmakuImport([own, danmakuFixture('rokubunnoichi.xml')], io)).toBe(0);
    expect(out.join('\n')).toMatch(/scroll: \d+/);
    expect(await runDanmakuImport([own], io)).toBe(2);
    expect(await runDanmakuImport([own, danmakuFixture('invalid-no_closing.xml')], io)).toBe(1);
    expect(out.at(-1)).toMatch(/line \d+, column \d+/);
  });
});
