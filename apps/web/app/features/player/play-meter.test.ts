import { describe, expect, it } from 'vitest';
import { createPlayMeter } from './play-meter.ts';

function meter() {
  const reports: number[] = [];
  return { reports, meter: createPlayMeter((ms) => reports.push(ms)) };
}

describe('createPlayMeter', () => {
  it('reports once 3 s have played, and only once', () => {
    const { reports, meter: m } = meter();
    for (let s = 0; s <= 2.75; s += 0.25) m.playing(s);
    expect(reports).toEqual([]);
    m.playing(3);
    expect(reports).toEqual([3000]);
    for (let s = 3.25; s <= 60; s += 0.25) m.playing(s);
    expect(reports).toEqual([3000]);
  });

  it('does not count seeks: a jump to 2:00 and back is no playback', () => {
    const { reports, meter: m } = meter();
    m.playing(0);
    m.playing(1);
    m.moved(120);
    m.playing(120.5);
    m.playing(0.5); // a jump back while playing
    m.playing(10); // a jump forward larger than a step
    expect(reports).toEqual([]);
    m.playing(11.5);
    m.playing(12);
    expect(reports).toEqual([3000]);
  });
});
