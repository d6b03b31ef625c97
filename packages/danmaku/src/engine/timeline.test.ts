import { describe, expect, it } from 'vitest';
import { testDanmaku } from '../testing.ts';
import type { Danmaku } from '../model.ts';
import { defaultSettings } from './settings.ts';
import { createTimeline, indexAfter, indexFrom } from './timeline.ts';

const at = (time: number, fields: Partial<Danmaku> = {}): Danmaku =>
  testDanmaku({ time, ...fields });

describe('timeline', () => {
  it('finds positions by time', () => {
    const list = [at(0), at(10), at(10), at(20)];
    expect([indexFrom(list, 10), indexAfter(list, 10)]).toEqual([1, 3]);
    expect([indexFrom(list, -5), indexAfter(list, 99)]).toEqual([0, 4]);
  });

  it('keeps comments sorted by time as they load and arrive', () => {
    const timeline = createTimeline(defaultSettings);
    const c = at(200);
    timeline.load([at(300), at(100)]);
    expect(timeline.add(c)).toBe(1);
    expect(timeline.visible.map((d) => d.time)).toEqual([100, 200, 300]);
    timeline.remove(c.id);
    expect(timeline.visible.map((d) => d.time)).toEqual([100, 300]);
  });

  it('applies blocks and merges to arrivals as to loads', () => {
    const timeline = createTimeline({
      ...defaultSettings,
      shieldWords: ['剧透'],
      mergeDuplicates: true,
    });
    const first = at(0, { text: '233' });
    timeline.load([first]);
    expect(timeline.add(at(100, { text: '剧透了' }))).toBe(-1);
    expect(timeline.add(at(200, { text: '233' }))).toBe(-1);
    expect(timeline.copiesOf(first.id)).toBe(2);
    expect(timeline.add(at(20_000, { text: '233' }))).toBe(1);
    timeline.filter(defaultSettings);
    expect(timeline.visible).toHaveLength(4);
    expect(timeline.copiesOf(first.id)).toBe(1);
  });
});
