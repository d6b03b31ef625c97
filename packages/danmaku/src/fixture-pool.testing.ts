import { readFileSync } from 'node:fs';
import { fixturePath } from '@melon/shared/testing/fixtures';
import { parseBilibiliXml, type BilibiliDanmaku } from './bilibili-xml.ts';

/** The real pools a made-up pool repeats: plain scrolling, top and bottom ones, and mode 7. */
const SOURCES = ['comment.xml', 'bilibili.xml'] as const;

/** When the first danmaku of a made-up pool was sent (UTC ms). */
const FIRST_SEND_MS = Date.UTC(2024, 0, 1);
/** A prime: the send order strides through the pool, unlike its order by video time. */
const SEND_STRIDE = 7919;

/**
 * A pool of `count` danmaku for tests and benchmarks, made of the rows of real bilibili pools
 * (fixtures/danmaku) taken in turn and repeated: danmaku `i` has the id `String(i + 1)` and
 * shows at `i / count` of `spanMs`; the send times are whole seconds in another order.
 */
export function fixturePool(count: number, spanMs: number): BilibiliDanmaku[] {
  const rows = SOURCES.flatMap((name) =>
    parseBilibiliXml(readFileSync(fixturePath('danmaku', name), 'utf8')),
  );
  return Array.from({ length: count }, (_, i) => {
    const row = rows[i % rows.length];
    if (!row) throw new Error('the danmaku fixtures hold no danmaku');
    return {
      ...row,
      id: String(i + 1),
      time: Math.floor((i * spanMs) / count),
      sendTime: FIRST_SEND_MS + ((i * SEND_STRIDE) % count) * 1000,
    };
  });
}
