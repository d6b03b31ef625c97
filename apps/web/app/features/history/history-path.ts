import { HISTORY_TYPES, type HistoryType } from '@melon/shared/contracts/history';

/** The address of a tab of the watch-history page; the whole history is the bare path. */
export const historyPath = (type: HistoryType): string =>
  type === 'all' ? '/my/watch-history' : `/my/watch-history/${type}`;

/** The tab a `:tab_key?` names (none: all), or null when it names none. */
export function historyTypeOf(tabKey: string | undefined): HistoryType | null {
  if (tabKey === undefined) return 'all';
  return HISTORY_TYPES.find((type) => type === tabKey) ?? null;
}
