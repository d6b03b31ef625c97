import Type, { type Static } from 'typebox';
import { SINGLE_LINE_TEXT_PATTERN } from '../display-text.ts';
import { FeedCell } from './feed.ts';
import { oneOf } from './one-of.ts';
import { MixIdString } from './video.ts';

/*
 * Search (SPEC §7 Search, §3 search slices, §8 fallbacks; decision 036). The result list of
 * /searchv2, the words around the search box (associative, hot, guess, preset) and a signed-in
 * viewer's search history.
 */

/** The result tabs (SPEC §3 search types, and users). */
export const SEARCH_TYPES = ['all', 'svideo', 'lvideo', 'series', 'pseries', 'user'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const isSearchType = (value: string): value is SearchType =>
  (SEARCH_TYPES as readonly string[]).includes(value);

export const SEARCH_SORTS = ['relevance', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** Lengths: short < 10 min, medium 10–30 min, long 30–60 min, xlong > 60 min. */
export const SEARCH_DURATIONS = ['all', 'short', 'medium', 'long', 'xlong'] as const;
export type SearchDuration = (typeof SEARCH_DURATIONS)[number];
export const SEARCH_PUBLISHED = ['all', 'day', 'week', 'month', 'halfyear'] as const;
export type SearchPublished = (typeof SEARCH_PUBLISHED)[number];

/** Characters of a search (the box's maxlength, the path's keyword). */
export const SEARCH_KEYWORD_MAX_LENGTH = 50;
/** Results per page of /searchv2. */
export const SEARCH_PAGE_SIZE = 10;
/** The last page one may ask for (0-based): 500 results deep. */
export const SEARCH_MAX_PAGE = 49;
/** Words in an as-you-type list, the hot list and the guess list. */
export const SEARCH_WORDS_MAX = 10;
/** A signed-in viewer's search history keeps this many words, the newest. */
export const SEARCH_HISTORY_MAX = 20;

export const SearchKeyword = Type.String({
  minLength: 1,
  maxLength: SEARCH_KEYWORD_MAX_LENGTH,
  pattern: SINGLE_LINE_TEXT_PATTERN,
});

/** A search's id: echoed when given, else made by the server (19 digits). */
const SearchId = Type.String({ pattern: '^[1-9][0-9]{15,25}$', maxLength: 26 });

/** /searchv2/{type}/{keyword}/{page}: page counts from 0. */
export const SearchParams = Type.Object({
  type: oneOf(SEARCH_TYPES),
  keyword: SearchKeyword,
  page: Type.Integer({ minimum: 0, maximum: SEARCH_MAX_PAGE }),
});
export type SearchParams = Static<typeof SearchParams>;

/** /searchv2/{type}/{keyword}/{page}/{extra}: extra is the query-correction level (SPEC QC). */
export const SearchExtraParams = Type.Object({
  ...SearchParams.properties,
  extra: Type.String({ pattern: '^[0-3]$' }),
});

export const SearchQuery = Type.Object({
  search_id: Type.Optional(SearchId),
  sort: Type.Optional(oneOf(SEARCH_SORTS)),
  duration: Type.Optional(oneOf(SEARCH_DURATIONS)),
  publish_time: Type.Optional(oneOf(SEARCH_PUBLISHED)),
});
export type SearchQuery = Static<typeof SearchQuery>;

/** A user as a search card. */
export const SearchUser = Type.Object({
  user_id: Type.String(),
  name: Type.String(),
  avatar_url: Type.String(),
  description: Type.String(),
  followers_count: Type.Integer(),
  video_count: Type.Integer(),
});
export type SearchUser = Static<typeof SearchUser>;

/**
 * One result card (SPEC §3 card kinds): an item (`video` a short video, `lvideo` an album or a
 * series, `pseries` a playlist) with the words of its title that matched, or a `user`.
 */
export const SearchCard = Type.Union([
  Type.Object({
    cardType: oneOf(['video', 'lvideo', 'pseries'] as const),
    item: FeedCell,
    /** Words of the title the search matched (to highlight); may be empty. */
    matched: Type.Array(Type.String()),
  }),
  Type.Object({
    cardType: Type.Literal('user'),
    user: SearchUser,
    matched: Type.Array(Type.String()),
  }),
]);
export type SearchCard = Static<typeof SearchCard>;

/** A slice of the results (SPEC §3): its cards and how many there are in all. */
export const SearchSlice = Type.Object({
  data: Type.Array(SearchCard),
  trueCount: Type.Integer(),
});
export type SearchSlice = Static<typeof SearchSlice>;

export const SearchResults = Type.Object({
  search_id: Type.String(),
  keyword: Type.String(),
  type: oneOf(SEARCH_TYPES),
  page: Type.Integer(),
  /** Whether a next page of the tab's main slice exists. */
  hasMore: Type.Boolean(),
  /** The search's words as the index read them. */
  tokens: Type.Array(Type.String()),
  banner: SearchSlice,
  complex: SearchSlice,
  live: SearchSlice,
  longVideo: SearchSlice,
  user: SearchSlice,
});
export type SearchResults = Static<typeof SearchResults>;

/** One word of a list (hot, guess, preset): SPEC "word and id". */
export const SearchWord = Type.Object({ word: Type.String(), id: Type.String() });
export type SearchWord = Static<typeof SearchWord>;

export const SearchWordList = Type.Object({ list: Type.Array(SearchWord) });
export type SearchWordList = Static<typeof SearchWordList>;

/** /api/otherv2/get-hot-words: the hot list with how hot each word is. */
export const HotWordList = Type.Object({
  list: Type.Array(
    Type.Object({
      ...SearchWord.properties,
      /** Distinct searchers, or plays, over the last 24 hours. */
      hot_value: Type.Integer(),
      /** Where the word comes from: people's searches or the most played videos. */
      source: oneOf(['search', 'play'] as const),
    }),
  ),
});
export type HotWordList = Static<typeof HotWordList>;

/** /search_api/suggest_words/ query (SPEC §7). */
export const SuggestWordsQuery = Type.Object({
  from_group_id: Type.Optional(MixIdString),
  business_id: Type.Optional(Type.String({ maxLength: 20 })),
  device_platform: Type.Optional(Type.String({ maxLength: 20 })),
  app_name: Type.Optional(Type.String({ maxLength: 40 })),
  app_id: Type.Optional(Type.String({ maxLength: 20 })),
  words_source: Type.Optional(Type.String({ maxLength: 40 })),
  category_name: Type.Optional(Type.String({ maxLength: 40 })),
  pd: Type.Optional(Type.String({ maxLength: 40 })),
});
export type SuggestWordsQuery = Static<typeof SuggestWordsQuery>;

export const AssociativeParams = Type.Object({ word: SearchKeyword });
export type AssociativeParams = Static<typeof AssociativeParams>;

/** What the box shows when it opens empty: the viewer's history (signed in) and the hot words. */
export const SearchPanelDetail = Type.Object({
  history: Type.Array(Type.String()),
  hot: Type.Array(SearchWord),
});
export type SearchPanelDetail = Static<typeof SearchPanelDetail>;

export const KeywordQuery = Type.Object({ keyword: SearchKeyword });
export type KeywordQuery = Static<typeof KeywordQuery>;

/** all_album_link: where the whole long-video list of a search is, and how long it is. */
export const AllAlbumLink = Type.Object({ url: Type.String(), trueCount: Type.Integer() });
export type AllAlbumLink = Static<typeof AllAlbumLink>;

/** Lists of item cards: recommend/lvideo, author_videos, extra/xigua_recipe. */
export const SearchItemList = Type.Object({ list: Type.Array(FeedCell) });
export type SearchItemList = Static<typeof SearchItemList>;

export const AuthorVideosQuery = Type.Object({
  user_id: MixIdString,
});
export type AuthorVideosQuery = Static<typeof AuthorVideosQuery>;

/** A signed-in viewer's recent searches, newest first. */
export const SearchHistoryList = Type.Object({ list: Type.Array(Type.String()) });
export type SearchHistoryList = Static<typeof SearchHistoryList>;

/** Clears the named words, or, with `all: true`, every one; one of the two. */
export const ClearSearchHistoryBody = Type.Object({
  words: Type.Optional(
    Type.Array(SearchKeyword, { minItems: 1, maxItems: SEARCH_HISTORY_MAX, uniqueItems: true }),
  ),
  all: Type.Optional(Type.Literal(true)),
});
export type ClearSearchHistoryBody = Static<typeof ClearSearchHistoryBody>;

export const SearchHistoryCleared = Type.Object({ deleted: Type.Integer() });

/** The debug page's query: a search as /searchv2 takes it; without a keyword, none is made. */
export const SearchSnapshotQuery = Type.Object({
  keyword: Type.Optional(SearchKeyword),
  type: Type.Optional(oneOf(SEARCH_TYPES)),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: SEARCH_MAX_PAGE })),
  sort: Type.Optional(oneOf(SEARCH_SORTS)),
});
export type SearchSnapshotQuery = Static<typeof SearchSnapshotQuery>;

/** The debug page: the query, its tokens and each result's score and its parts. */
export const SearchSnapshot = Type.Object({
  keyword: Type.String(),
  type: oneOf(SEARCH_TYPES),
  tokens: Type.Array(Type.String()),
  total: Type.Integer(),
  results: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      kind: oneOf(['item', 'user'] as const),
      id: Type.String(),
      title: Type.String(),
      score: Type.Number(),
      parts: Type.Object({
        text: Type.Number(),
        popularity: Type.Number(),
        freshness: Type.Number(),
      }),
      matched: Type.Array(Type.String()),
    }),
  ),
});
export type SearchSnapshot = Static<typeof SearchSnapshot>;
