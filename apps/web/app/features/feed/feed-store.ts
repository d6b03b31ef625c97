import type { FeedCell, FeedPage } from '@melon/shared/contracts/feed';

/** One channel's video feed (SPEC §4 feed stores). */
export interface FeedState {
  channelId: string;
  list: readonly FeedCell[];
  hasMore: boolean;
  /** The offset to ask for next. */
  offset: number;
}

export type FeedAction =
  /** Replaces the feed with a first page. */
  | { type: 'set'; page: FeedPage }
  /** Adds a later page; a page of another channel (a late answer) is ignored. */
  | { type: 'append'; page: FeedPage }
  /** Removes the cells whose group id or album id is `id`. */
  | { type: 'remove'; id: string }
  /** Empties the feed, ready to load `channelId` from the start. */
  | { type: 'reset'; channelId: string };

export function emptyFeed(channelId: string): FeedState {
  return { channelId, list: [], hasMore: true, offset: 0 };
}

/** The keys a cell is known by: its group id and, for albums, its album id. */
function keysOf(cell: FeedCell): string[] {
  return cell.albumId ? [`g:${cell.groupId}`, `a:${cell.albumId}`] : [`g:${cell.groupId}`];
}

/** `incoming` without the cells already in `existing` or earlier in `incoming` (by album or group id). */
function withoutDuplicates(
  existing: readonly FeedCell[],
  incoming: readonly FeedCell[],
): FeedCell[] {
  const seen = new Set(existing.flatMap(keysOf));
  const fresh: FeedCell[] = [];
  for (const cell of incoming) {
    const keys = keysOf(cell);
    if (keys.some((key) => seen.has(key))) continue;
    for (const key of keys) seen.add(key);
    fresh.push(cell);
  }
  return fresh;
}

/** SPEC §4: more may follow while the latest payload was non-empty. */
const hasMoreAfter = (page: FeedPage): boolean => page.list.length > 0;

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'set': {
      const { page } = action;
      return {
        channelId: page.channelId,
        list: withoutDuplicates([], page.list),
        hasMore: hasMoreAfter(page),
        offset: page.offset,
      };
    }
    case 'append': {
      const { page } = action;
      if (page.channelId !== state.channelId) return state;
      return {
        channelId: state.channelId,
        list: [...state.list, ...withoutDuplicates(state.list, page.list)],
        hasMore: hasMoreAfter(page),
        offset: page.offset,
      };
    }
    case 'remove': {
      const list = state.list.filter(
        (cell) => cell.groupId !== action.id && cell.albumId !== action.id,
      );
      return list.length === state.list.length ? state : { ...state, list };
    }
    case 'reset':
      return emptyFeed(action.channelId);
  }
}
