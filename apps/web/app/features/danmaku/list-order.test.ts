import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsPlayedAt, sortForList } from './list-order.ts';
import { testDanmaku } from './danmaku-view.testing.ts';

describe('sortForList', () => {
  const early = testDanmaku(1_000, { send_time: 300 });
  const middle = testDanmaku(2_000, { send_time: 100 });
  const late = testDanmaku(3_000, { send_time: 200 });
  const playOrder = [early, middle, late];

  it('keeps play order for 时间', () => {
    expect(sortForList(playOrder, 'time')).toBe(playOrder);
  });

  it('puts the newest send first for 发送时间, leaving the pool’s list alone', () => {
    expect(sortForList(playOrder, 'sent')).toEqual([early, late, middle]);
    expect(playOrder).toEqual([early, middle, late]);
  });

  it('orders danmaku sent in the same millisecond by id, newest id first', () => {
    const first = testDanmaku(5_000, { send_time: 100 });
    const second = testDanmaku(4_000, { send_time: 100 });
    expect(sortForList([second, first], 'sent').map((view) => view.id)).toEqual([
      second.id,
      first.id,
    ]);
  });
});

describe('rowsPlayedAt', () => {
  it('counts the rows at or before the time', () => {
    const list = [0, 1_000, 1_000, 2_500].map((ms) => testDanmaku(ms));
    expect(rowsPlayedAt(list, -1)).toBe(0);
    expect(rowsPlayedAt(list, 0)).toBe(1);
    expect(rowsPlayedAt(list, 999)).toBe(1);
    expect(rowsPlayedAt(list, 1_000)).toBe(3);
    expect(rowsPlayedAt(list, 10_000)).toBe(4);
    expect(rowsPlayedAt([], 10_000)).toBe(0);
  });

  it('agrees with counting one by one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60_000 }), { maxLength: 200 }),
        fc.integer({ min: -10, max: 70_000 }),
        (offsets, time) => {
          const list = offsets.sort((a, b) => a - b).map((ms) => testDanmaku(ms));
          expect(rowsPlayedAt(list, time)).toBe(offsets.filter((ms) => ms <= time).length);
        },
      ),
    );
  });
});
