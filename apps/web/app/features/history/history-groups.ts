import type { HistoryEntry } from '@melon/shared/contracts/history';
import { chinaDay } from '@melon/shared/format/relative-time';
import { toMilliseconds } from '@melon/shared/format/timestamp';

export type HistoryGroupKey = 'today' | 'yesterday' | 'earlier';

export interface HistoryGroup {
  key: HistoryGroupKey;
  entries: HistoryEntry[];
}

const ORDER: readonly HistoryGroupKey[] = ['today', 'yesterday', 'earlier'];

function groupOf(watchedAtS: number, today: number): HistoryGroupKey {
  const day = chinaDay(toMilliseconds(watchedAtS));
  if (day >= today) return 'today';
  return day === today - 1 ? 'yesterday' : 'earlier';
}

/**
 * The history under 今天, 昨天 and 更早, by calendar day in China time (as every date of the
 * site, so the server-rendered page and the browser agree); empty groups are left out and the
 * entries keep their order (newest first).
 */
export function groupHistory(entries: readonly HistoryEntry[], nowMs: number): HistoryGroup[] {
  const today = chinaDay(nowMs);
  const groups = new Map<HistoryGroupKey, HistoryEntry[]>();
  for (const entry of entries) {
    const key = groupOf(entry.watchedAt, today);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return ORDER.flatMap((key) => {
    const grouped = groups.get(key);
    return grouped ? [{ key, entries: grouped }] : [];
  });
}

/** How far into the item the viewer got, 0 to 100. */
export function watchedPercent(entry: Pick<HistoryEntry, 'progress' | 'duration'>): number {
  if (entry.duration <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((entry.progress / entry.duration) * 100)));
}
