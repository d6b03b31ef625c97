import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { runDanmakuImport } from '../../cli/danmaku-import.ts';
import { importBilibiliXml, SEGMENT_MS } from './danmaku.service.ts';

const FIXTURES = '/work/shared/fixtures/danmaku';
const Q = '?aid=1768&app_name=video_ixigua&format=json';

let t: TestApp;
let author: string;
let item: string;
beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, t.newId);
  item = await createItem(t.db, t.newId, author);
});
afterAll(() => t.close());

function post(path: string, visitor: Visitor | undefined, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/vpc_danmaku/${path}${Q}`,
    headers: visitor?.headers ?? t.visitor().headers,
    payload,
  });
}

async function newSender(): Promise<{ id: string; v: Visitor }> {
  const id = await createUser(t.db, t.newId);
  return { id, v: await t.signedIn(id) };
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
  const res = await post('send/v1/', v, sendBody(over));
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { danmaku: { id: string } } }>().data.danmaku.id;
}

describe('send', () => {
  it('stores a danmaku and lists it', async () => {
    const { v } = await newSender();
    const res = await post('send/v1/', v, sendBody({ text: '  <b>hi</b>  ' }));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; data: { danmaku: { text: string; colour: number } } }>();
    expect(body.code).toBe(200);
    expect(body.data.danmaku).toMatchObject({ text: '<b>hi</b>', colour: 0xff0000 });
    const list = await t.app.inject({ url: `/vpc_danmaku/list/v1/${Q}&item_id=${item}` });
    expect(list.json<{ data: { danmaku_list: { text: string }[] } }>().data.danmaku_list).toEqual(
      expect.arrayContaining([expect.objectContaining({ text: '<b>hi</b>' })]),
    );
  });

  it('refuses a visitor with 401 and a bad token with 403', async () => {
    expect((await post('send/v1/', undefined, sendBody())).statusCode).toBe(401);
    const { v } = await newSender();
    const bad = await t.app.inject({
      method: 'POST',
      url: `/vpc_danmaku/send/v1/${Q}`,
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
    ['colour over 24 bits', { colour: 0x1000000 }],
    ['negative colour', { colour: -1 }],
    ['unknown mode', { mode: 'diagonal' }],
    ['unknown pool', { pool: 'secret' }],
    ['size out of range', { size: 500 }],
    ['offset past the end', { offset_ms: 61_501 }],
    ['malformed item id', { item_id: 'abc' }],
  ])('refuses %s with 400', async (_name, over) => {
    const { v } = await newSender();
    expect((await post('send/v1/', v, sendBody(over))).statusCode).toBe(400);
  });

  it('accepts exactly 100 characters', async () => {
    const { v } = await newSender();
    await sendOne(v, { text: '弹'.repeat(100) });
  });

  it('answers 404 for an unknown item', async () => {
    const { v } = await newSender();
    expect((await post('send/v1/', v, sendBody({ item_id: '1' }))).statusCode).toBe(404);
  });

  it('allows one a second', async () => {
    const { v } = await newSender();
    await sendOne(v);
    const res = await post('send/v1/', v, sendBody());
    expect(res.statusCode).toBe(429);
    expect(res.json<{ data: { retry_after: number } }>().data.retry_after).toBe(1);
    expect(res.headers['retry-after']).toBe('1');
  });

  it('allows 30 a minute', async () => {
    const { id, v } = await newSender();
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
    const res = await post('send/v1/', v, sendBody());
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
    const target = await newSender();
    const targetId = await sendOne(target.v);
    const name = (
      await t.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow()
    ).name;
    const { v } = await newSender();
    const res = await post('send_reply/v1/', v, {
      ...sendBody({ text: '同意' }),
      reply_to: targetId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { danmaku: { text: string } } }>().data.danmaku.text).toBe(
      `回复 @${name}：同意`,
    );
    expect(
      (await post('send_reply/v1/', undefined, { ...sendBody(), reply_to: targetId })).statusCode,
    ).toBe(401);
    expect((await post('send_reply/v1/', v, { ...sendBody(), reply_to: '1' })).statusCode).toBe(
      404,
    );
  });
});

describe('delete', () => {
  it('lets the sender and the author delete, others not', async () => {
    const sender = await newSender();
    const other = await newSender();
    const first = await sendOne(sender.v);
    expect((await post('delete/v1/', undefined, { danmaku_id: first })).statusCode).toBe(401);
    expect((await post('delete/v1/', other.v, { danmaku_id: first })).statusCode).toBe(403);
    expect((await post('delete/v1/', sender.v, { danmaku_id: first })).statusCode).toBe(200);
    expect((await post('delete/v1/', sender.v, { danmaku_id: first })).statusCode).toBe(404);
    expect((await post('delete/v1/', sender.v, { danmaku_id: 'x' })).statusCode).toBe(400);
    await t.db
      .updateTable('danmaku')
      .set({ created_at: 0 })
      .where('sender_id', '=', sender.id)
      .execute();
    const second = await sendOne(sender.v);
    const authorV = await t.signedIn(author);
    expect((await post('delete/v1/', authorV, { danmaku_id: second })).statusCode).toBe(200);
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
    const sender = await newSender();
    const id = await sendOne(sender.v);
    const a = await newSender();
    const b = await newSender();
    const like = (v: Visitor | undefined) =>
      post('action/v1/', v, { danmaku_id: id, action_type: 1 });
    const count = async (v: Visitor) =>
      (await like(v)).json<{ data: { like_count: number } }>().data.like_count;
    expect(await count(a.v)).toBe(1);
    expect(await count(a.v)).toBe(1);
    expect(await count(b.v)).toBe(2);
    expect((await like(undefined)).statusCode).toBe(401);
    expect((await post('action/v1/', a.v, { danmaku_id: id, action_type: 9 })).statusCode).toBe(
      400,
    );
    expect((await post('action/v1/', a.v, { danmaku_id: '1', action_type: 1 })).statusCode).toBe(
      404,
    );
  });

  it('records a report', async () => {
    const sender = await newSender();
    const id = await sendOne(sender.v);
    const r = await newSender();
    const body = { danmaku_id: id, report_type: 2, report_reason: '刷屏' };
    expect((await post('report/v1/', undefined, body)).statusCode).toBe(401);
    expect((await post('report/v1/', r.v, { danmaku_id: id })).statusCode).toBe(400);
    expect((await post('report/v1/', r.v, { ...body, danmaku_id: '1' })).statusCode).toBe(404);
    expect((await post('report/v1/', r.v, body)).statusCode).toBe(200);
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
    const { v } = await newSender();
    const list = () =>
      t.app.inject({ url: `/vpc_danmaku/shield_words/v1/${Q}`, headers: v.headers });
    expect((await t.app.inject({ url: `/vpc_danmaku/shield_words/v1/${Q}` })).statusCode).toBe(401);
    expect((await post('shield_words/add/v1/', undefined, { text: 'a' })).statusCode).toBe(401);
    expect((await post('shield_words/add/v1/', v, { text: '字'.repeat(21) })).statusCode).toBe(400);
    expect((await post('shield_words/add/v1/', v, { text: '  ' })).statusCode).toBe(400);
    const added = await post('shield_words/add/v1/', v, { text: '剧透' });
    const word = added.json<{ data: { word: { id: string; text: string } } }>().data.word;
    expect(word.text).toBe('剧透');
    await post('shield_words/add/v1/', v, { text: '剧透' });
    await expect(
      list().then((r) => r.json<{ data: { words: unknown[] } }>().data.words),
    ).resolves.toHaveLength(1);
    expect((await post('shield_words/delete/v1/', v, { id: word.id })).statusCode).toBe(200);
    expect((await post('shield_words/delete/v1/', v, { id: word.id })).statusCode).toBe(404);
  });

  it('keeps at most 200 words', async () => {
    const { id, v } = await newSender();
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
    expect((await post('shield_words/add/v1/', v, { text: 'one more' })).statusCode).toBe(400);
  });
});

describe('list', () => {
  it('pages by 6-minute segment and keeps the 6000 most liked', async () => {
    const own = await createItem(t.db, t.newId, author);
    const rows = Array.from({ length: 6100 }, (_, i) => ({
      id: t.newId(),
      item_id: own,
      offset_ms: (i * 37) % SEGMENT_MS,
      text: `d${i}`,
      colour: 0,
      mode: 'scroll' as const,
      size: 25,
      pool: 'normal' as const,
      sender_id: null,
      send_time: 0,
      like_count: i < 100 ? 0 : 1 + (i % 5),
      created_at: 0,
    }));
    const [template] = rows;
    if (!template) throw new Error('no rows');
    rows.push({
      ...template,
      id: t.newId(),
      offset_ms: SEGMENT_MS + 5,
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
          url: `/vpc_danmaku/list/v1/${Q}&item_id=${own}&segment_index=${segment}`,
        })
      ).json<{
        data: { danmaku_list: { text: string; offset_ms: number; like_count: number }[] };
      }>().data.danmaku_list;
    const first = await read(1);
    expect(first).toHaveLength(6000);
    expect(first.every((d) => d.like_count > 0)).toBe(true);
    const offsets = first.map((d) => d.offset_ms);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect((await read(2)).map((d) => d.text)).toEqual(['second']);
    expect(await read(3)).toEqual([]);
    const missing = await t.app.inject({ url: `/vpc_danmaku/list/v1/${Q}&item_id=1` });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: `/vpc_danmaku/list/v1/${Q}&item_id=${own}&segment_index=0`,
    });
    expect(bad.statusCode).toBe(400);
  });
});

function modeCounts(xml: string): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const match of xml.matchAll(/<d p="[^",]*,(\d+),/g)) {
    const mode = Number(match[1]);
    counts[mode] = (counts[mode] ?? 0) + 1;
  }
  return counts;
}

async function countOf(itemId: string): Promise<number> {
  const row = await t.db
    .selectFrom('danmaku')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('bilibili XML', () => {
  it.each(['bilibili.xml', 'comment.xml', 'rokubunnoichi.xml'])(
    'imports %s with the right counts per mode',
    async (file) => {
      const xml = readFileSync(`${FIXTURES}/${file}`, 'utf8');
      const own = await createItem(t.db, t.newId, author);
      const result = await importBilibiliXml(t.db, own, xml, t.newId);
      const expected = modeCounts(xml);
      expect(result.byBilibiliMode).toEqual(expected);
      const total = Object.values(expected).reduce((a, b) => a + b, 0);
      expect(result.total).toBe(total);
      expect(await countOf(own)).toBe(total);
      const top = (expected[5] ?? 0) + (expected[7] ?? 0) + (expected[8] ?? 0) + (expected[9] ?? 0);
      expect(result.byMode.top).toBe(top);
      expect(result.byMode.bottom).toBe(expected[4] ?? 0);
    },
  );

  it('stores nothing from a malformed file and says where', async () => {
    const own = await createItem(t.db, t.newId, author);
    const xml = readFileSync(`${FIXTURES}/invalid-no_closing.xml`, 'utf8');
    await expect(importBilibiliXml(t.db, own, xml, t.newId)).rejects.toThrow(
      /line \d+, column \d+/,
    );
    expect(await countOf(own)).toBe(0);
  });

  it('never stores markup from the XSS file', async () => {
    const own = await createItem(t.db, t.newId, author);
    const xml = readFileSync(`${FIXTURES}/invalid-xss.xml`, 'utf8');
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
    const xml = readFileSync(`${FIXTURES}/comment.xml`, 'utf8');
    await importBilibiliXml(t.db, own, xml, t.newId);
    const res = await t.app.inject({ url: `/api/videov2/danmaku/export?item_id=${own}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    const copy = await createItem(t.db, t.newId, author);
    const again = await importBilibiliXml(t.db, copy, res.body, t.newId);
    expect(again.total).toBe(await countOf(own));
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
    expect((await t.app.inject({ url: '/api/videov2/danmaku/export?item_id=1' })).statusCode).toBe(
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
    const res = await t.app.inject({ url: `/api/videov2/danmaku/export?item_id=${own}` });
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
    const { v } = await newSender();
    await sendOne(v, { item_id: own, mode: 'reverse', text: '本站' });
    const again = await t.app.inject({ url: `/api/videov2/danmaku/export?item_id=${own}` });
    expect(again.body).toMatch(/<d p="1,6,25,16711680,\d+,0,,\d+">本站<\/d>/);
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
    expect(await runDanmakuImport([own, `${FIXTURES}/rokubunnoichi.xml`], io)).toBe(0);
    expect(out.join('\n')).toMatch(/scroll: \d+/);
    expect(await runDanmakuImport([own], io)).toBe(2);
    expect(await runDanmakuImport([own, `${FIXTURES}/invalid-no_closing.xml`], io)).toBe(1);
    expect(out.at(-1)).toMatch(/line \d+, column \d+/);
  });
});
