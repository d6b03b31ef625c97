import Type, { type Static } from 'typebox';
import { DEFAULT_PAGE_SIZE } from '../api/constants.ts';
import { SINGLE_LINE_TEXT_PATTERN } from '../display-text.ts';
import { MixIdString } from './video.ts';

/*
 * Watch history (SPEC §7 Video: add_watch_history, set_watch_progress, get/history,
 * delete/history, search/history, history_duration; decision 029). One entry per viewer and
 * played item (a short video or an episode), holding where the viewer stopped.
 */

/** history_duration query: the played item. */
export const HistoryDurationQuery = Type.Object({ content_id: MixIdString });
export type HistoryDurationQuery = Static<typeof HistoryDurationQuery>;

/** history_duration data, and what add_watch_history and set_watch_progress answer. */
export const HistoryDuration = Type.Object({
  content_id: Type.String(),
  /**
   * Seconds into the item the viewer stopped last time; null for a visitor and when nothing is
   * stored. The item's length once it was watched to the end.
   */
  history_duration: Type.Union([Type.Number(), Type.Null()]),
});
export type HistoryDuration = Static<typeof HistoryDuration>;

/** The longest stored position: a week of seconds; the item's own length bounds it too. */
export const HISTORY_PROGRESS_MAX_S = 7 * 24 * 3600;
/** A viewer's history keeps this many entries, the newest; older ones go as new ones come. */
export const HISTORY_MAX_ENTRIES = 1000;
/** Entries one delete/history may name. */
export const HISTORY_DELETE_MAX = 100;
/** Characters of a history search. */
export const HISTORY_KEYWORD_MAX_LENGTH = 50;
export const HISTORY_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The tabs of /my/watch-history/:tab_key? (SPEC §3 search/feed types): all, short, long. */
export const HISTORY_TYPES = ['all', 'svideo', 'lvideo'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** Opaque: where the next page starts (the last entry's watch time and id). */
const HistoryCursor = Type.String({ pattern: '^[0-9]{1,15}-[1-9][0-9]{15,25}$', maxLength: 42 });

const HistoryTypeField = Type.Union(
  [Type.Literal('all'), Type.Literal('svideo'), Type.Literal('lvideo')],
  { default: 'all' },
);

/** add_watch_history body: the item whose playback started. */
export const AddWatchHistoryBody = Type.Object({ content_id: MixIdString });
export type AddWatchHistoryBody = Static<typeof AddWatchHistoryBody>;

/** set_watch_progress body: where playback is, in seconds (cut to the item's length). */
export const SetWatchProgressBody = Type.Object({
  content_id: MixIdString,
  progress: Type.Number({ minimum: 0, maximum: HISTORY_PROGRESS_MAX_S }),
});
export type SetWatchProgressBody = Static<typeof SetWatchProgressBody>;

/** get/history query: a tab, and the cursor of the page after the first. */
export const HistoryListQuery = Type.Object({
  type: Type.Optional(HistoryTypeField),
  cursor: Type.Optional(HistoryCursor),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: HISTORY_PAGE_SIZE })),
});
export type HistoryListQuery = Static<typeof HistoryListQuery>;

/** search/history query: the words the titles must contain, besides get/history's fields. */
export const HistorySearchQuery = Type.Object({
  ...HistoryListQuery.properties,
  keyword: Type.String({
    minLength: 1,
    maxLength: HISTORY_KEYWORD_MAX_LENGTH,
    pattern: SINGLE_LINE_TEXT_PATTERN,
  }),
});
export type HistorySearchQuery = Static<typeof HistorySearchQuery>;

/**
 * delete/history body: the entries named in `content_ids`, or, with `all: true`, every entry.
 * One of the two, not both.
 */
export const DeleteHistoryBody = Type.Object({
  content_ids: Type.Optional(
    Type.Array(MixIdString, { minItems: 1, maxItems: HISTORY_DELETE_MAX, uniqueItems: true }),
  ),
  all: Type.Optional(Type.Literal(true)),
});
export type DeleteHistoryBody = Static<typeof DeleteHistoryBody>;

/** delete/history data: how many entries went. */
export const HistoryDeleted = Type.Object({ deleted: Type.Integer() });
export type HistoryDeleted = Static<typeof HistoryDeleted>;

/** One entry of the history: the item as a card, and where the viewer stopped. */
export const HistoryEntry = Type.Object({
  groupId: Type.String(),
  /** Item type code of SPEC §3: 0 short video, 25 episode. */
  itemType: Type.Integer(),
  title: Type.String(),
  coverUrl: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  /** Seconds into the item the viewer stopped; `duration` once it was watched to the end. */
  progress: Type.Number(),
  /** Seconds since the epoch when the viewer last watched it. */
  watchedAt: Type.Integer(),
  userInfo: Type.Object({ user_id: Type.String(), name: Type.String() }),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

/** get/history and search/history data: newest first. */
export const HistoryPage = Type.Object({
  list: Type.Array(HistoryEntry),
  hasMore: Type.Boolean(),
  /** Give it back as `cursor` for the next page; null on the last one. */
  cursor: Type.Union([Type.String(), Type.Null()]),
});
export type HistoryPage = Static<typeof HistoryPage>;
