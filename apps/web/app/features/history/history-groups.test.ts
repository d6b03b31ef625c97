import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@melon/shared/contracts/history';
import { groupHistory, watchedPercent } from './history-groups.ts';
import { historyTypeOf } from './history-path.ts';

const entry = (groupId: string, watchedAtMs: number): HistoryEntry => ({
  groupId,
  itemType: 0,
  title: groupId,
  coverUrl: '',
  duration: 100,
  progress: 50,
  watchedAt: Math.floor(watchedAtMs / 1000),
  userInfo: { user_id: '1', name: '作者' },
});

/** 2026-11-25 00:30 in China (UTC+8) is 2026-11-24 16:30 UTC. */
const NOW = Date.UTC(2026, 10, 24, 16, 30);
const HOUR = 3_600_000;

describe('groupHistory', () => {
  it('groups by calendar day in China time, whatever the UTC date', () => {
    const groups = groupHistory(
      [
        entry('just-now', NOW - 60_000),
        // 23:50 the day before in China, though the same UTC date as now.
        entry('last-night', NOW - 40 * 60_000),
        entry('yesterday-morning', NOW - 16 * HOUR),
        entry('two-days', NOW - 30 * HOUR),
        entry('last-year', NOW - 400 * 24 * HOUR),
      ],
      NOW,
    );
    expect(groups.map((g) => [g.key, g.entries.map((e) => e.groupId)])).toEqual([
      ['today', ['just-now']],
      ['yesterday', ['last-night', 'yesterday-morning']],
      ['earlier', ['two-days', 'last-year']],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(groupHistory([entry('old', NOW - 72 * HOUR)], NOW).map((g) => g.key)).toEqual([
      'earlier',
    ]);
    expect(groupHistory([], NOW)).toEqual([]);
  });
});

describe('watchedPercent', () => {
  it('is the watched share in whole percents, within 0 to 100', () => {
    expect(watchedPercent({ progress: 30.5, duration: 61 })).toBe(50);
    expect(watchedPercent({ progress: 70, duration: 61 })).toBe(100);
    expect(watchedPercent({ progress: 3, duration: 0 })).toBe(0);
  });
});

describe('historyTypeOf', () => {
  it('reads the tab of the address; an unknown one is none', () => {
    expect(historyTypeOf(undefined)).toBe('all');
    expect(historyTypeOf('lvideo')).toBe('lvideo');
    expect(historyTypeOf('movies')).toBeNull();
  });
});
