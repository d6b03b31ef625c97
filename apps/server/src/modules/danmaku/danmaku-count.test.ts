import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '@melon/shared/testing/fixtures';
import { deleteDanmaku, sendDanmaku } from '@melon/shared/calls/danmaku.calls';
import type { CallDeclaration } from '@melon/shared/calls/call';
import { createItem } from '../../testing/factories.ts';
import {
  countDanmaku,
  createDanmakuTestApp,
  DANMAKU_QUERY as Q,
  newSender,
} from '../../testing/danmaku-app.ts';
import type { TestApp, Visitor } from '../../testing/test-app.ts';
import { importBilibiliXml } from './danmaku.service.ts';

/*
 * The item's danmaku count is what its list holds (issue 12, "Counts that are true"): sends add
 * one, a delete takes one off once however many arrive, an import adds what it stored.
 */

let t: TestApp;
let author: string;
beforeAll(async () => {
  ({ t, author } = await createDanmakuTestApp());
});
afterAll(() => t.close());

async function shownCount(itemId: string): Promise<number> {
  const row = await t.db
    .selectFrom('items')
    .select('danmaku_count')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return row.danmaku_count;
}

function post(call: CallDeclaration, visitor: Visitor, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `${call.path}${Q}`,
    headers: visitor.headers,
    payload,
  });
}

async function send(visitor: Visitor, itemId: string): Promise<string> {
  const response = await post(sendDanmaku, visitor, {
    item_id: itemId,
    offset_ms: 1000,
    text: '前方高能',
    colour: 0xffffff,
    mode: 'scroll',
    size: 25,
    pool: 'normal',
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { danmaku: { id: string } } }>().data.danmaku.id;
}

describe('the danmaku count of an item', () => {
  it('follows sends from many viewers at once', async () => {
    const itemId = await createItem(t.db, t.newId, author);
    const senders = await Promise.all(Array.from({ length: 30 }, () => newSender(t)));
    await Promise.all(senders.map((sender) => send(sender.v, itemId)));
    expect(await shownCount(itemId)).toBe(30);
    expect(await countDanmaku(t, 'item_id', itemId)).toBe(30);
  });

  it('loses one for a deleted danmaku, once, however many deletes arrive together', async () => {
    const itemId = await createItem(t.db, t.newId, author);
    const sender = await newSender(t);
    const kept = await newSender(t);
    const id = await send(sender.v, itemId);
    await send(kept.v, itemId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(deleteDanmaku, sender.v, { danmaku_id: id })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThan(0);
    expect(await shownCount(itemId)).toBe(1);
  });

  it('gains what an import stored, and nothing from a malformed file', async () => {
    const itemId = await createItem(t.db, t.newId, author);
    const xml = readFileSync(fixturePath('danmaku', 'comment.xml'), 'utf8');
    const { total } = await importBilibiliXml(t.db, itemId, xml, t.newId);
    expect(await shownCount(itemId)).toBe(total);
    const broken = readFileSync(fixturePath('danmaku', 'invalid-no_closing.xml'), 'utf8');
    await expect(importBilibiliXml(t.db, itemId, broken, t.newId)).rejects.toThrow();
    expect(await shownCount(itemId)).toBe(total);
  });
});
