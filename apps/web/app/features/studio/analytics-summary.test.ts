import { describe, expect, it } from 'vitest';
import { asPercent, playsSummary, retentionSummary } from './analytics-summary.ts';

describe('analytics summaries', () => {
  it('tells the total plays and the busiest day', () => {
    expect(
      playsSummary([
        { date: '2026-11-24', plays: 2 },
        { date: '2026-11-25', plays: 5 },
        { date: '2026-11-26', plays: 1 },
      ]),
    ).toBe('近 30 天共播放 8 次，2026-11-25 最多（5 次）');
    expect(playsSummary([{ date: '2026-11-26', plays: 0 }])).toBe('近 30 天没有播放');
  });

  it('tells how far half of the viewers got', () => {
    const retention = [0, 25, 50, 75].map((percent, i) => ({ percent, share: 1 - i * 0.25 }));
    expect(retentionSummary({ viewers: 4, retention })).toBe('4 位登录观众；五成观众看到 50%');
    expect(retentionSummary({ viewers: 0, retention: [] })).toBe('还没有登录观众的观看进度');
    expect(asPercent(0.756)).toBe('76%');
  });
});
