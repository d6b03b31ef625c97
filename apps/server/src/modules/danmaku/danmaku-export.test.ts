import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DanmakuTable } from '@melon/db/tables/danmaku';
import { DANMAKU_EXPORT_MAX } from '@melon/shared/contracts/danmaku';
import { exportDanmakuXml } from '@melon/shared/calls/danmaku.calls';
import { createDanmakuTestApp } from '../../testing/danmaku-app.ts';
import type { TestApp } from '../../testing/test-app.ts';

/*
 * The XML export reads at most DANMAKU_EXPORT_MAX danmaku of an item: past it the file holds the
 * newest sent, in time order, and says at its top that it was cut.
 */

let t: TestApp;
let item: string;

beforeAll(async () => {
  ({ t, item } = await createDanmakuTestApp());
});
afterAll(() => t.close());

const SENT_FROM = 1_700_000_000_000;
const NOTE = `<!-- 弹幕超过 ${DANMAKU_EXPORT_MAX} 条，此文件只含最新发送的 ${DANMAKU_EXPORT_MAX} 条 -->`;

/** Danmaku `d0`, `d1`, … sent a second apart in that order, the later ones earlier in the video. */
async function fill(count: number): Promise<string[]> {
  const rows: Insertable<DanmakuTable>[] = Array.from({ length: count }, (_, i) => ({
    id: t.newId(),
    item_id: item,
    offset_ms: (count - i) * 2,
    text: `d${i}`,
    colour: 0xffffff,
    mode: 'scroll',
    size: 25,
    pool: 'normal',
    sender_id: null,
    sender_hash: 'abcd1234',
    send_time: SENT_FROM + i * 1000,
    created_at: SENT_FROM,
  }));
  await t.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('danmaku')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
  });
  return rows.map((row) => row.id);
}

/** The export's lines of danmaku as text and time, in file order. */
async function exported(): Promise<{ body: string; texts: string[]; times: number[] }> {
  const res = await t.app.inject({ url: `${exportDanmakuXml.path}?item_id=${item}` });
  expect(res.statusCode).toBe(200);
  const lines = [...res.body.matchAll(/<d p="([\d.]+),[^"]*">([^<]*)<\/d>/g)];
  return {
    body: res.body,
    texts: lines.map((m) => m[2] ?? ''),
    times: lines.map((m) => Number(m[1])),
  };
}

describe('GET /api/videov2/danmaku/export', () => {
  it(
    `holds the newest ${DANMAKU_EXPORT_MAX} sent, in time order, and says it was cut`,
    { timeout: 120_000 },
    async () => {
      const ids = await fill(DANMAKU_EXPORT_MAX + 1);

      const cut = await exported();
      expect(cut.texts).toHaveLength(DANMAKU_EXPORT_MAX);
      expect(cut.body.split('\n')[2]).toBe(NOTE);
      // d0, the first sent, is the one left out; the rest run in time order.
      expect(cut.texts).not.toContain('d0');
      expect(cut.texts[0]).toBe(`d${DANMAKU_EXPORT_MAX}`);
      expect(cut.texts.at(-1)).toBe('d1');
      expect(cut.times.every((time, i) => i === 0 || time >= (cut.times[i - 1] ?? 0))).toBe(true);

      // A deleted danmaku counts for nothing: with exactly the limit left, nothing is cut.
      await t.db
        .updateTable('danmaku')
        .set({ state: 'deleted' })
        .where('id', '=', ids[DANMAKU_EXPORT_MAX] ?? '')
        .execute();
      const whole = await exported();
      expect(whole.texts).toHaveLength(DANMAKU_EXPORT_MAX);
      expect(whole.body).not.toContain('<!--');
      expect(whole.texts).toContain('d0');
      expect(whole.texts).not.toContain(`d${DANMAKU_EXPORT_MAX}`);
    },
  );
});
