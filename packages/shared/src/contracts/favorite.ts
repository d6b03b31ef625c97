import Type, { type Static } from 'typebox';
import { DEFAULT_PAGE_SIZE } from '../api/constants.ts';
import { SINGLE_LINE_TEXT_PATTERN } from '../display-text.ts';
import { MixIdString } from './video.ts';

/*
 * Likes, favourites and votes (SPEC §7 Video; decision 027). The calls are declared in
 * calls/favorite.calls.ts.
 */

/** digg_action body: like the item, or take the like back. Liking twice counts once. */
export const DiggActionBody = Type.Object({
  group_id: MixIdString,
  action: Type.Union([Type.Literal('digg'), Type.Literal('cancel_digg')]),
});
export type DiggActionBody = Static<typeof DiggActionBody>;

/** The item's likes after a digg_action, and whether the viewer likes it now. */
export const DiggState = Type.Object({
  group_id: Type.String(),
  digg_count: Type.Integer(),
  user_digg: Type.Boolean(),
});
export type DiggState = Static<typeof DiggState>;

/** favorite_action body: the video page's toggle. */
export const FavoriteActionBody = Type.Object({
  group_id: MixIdString,
  action: Type.Union([Type.Literal('favorite'), Type.Literal('cancel_favorite')]),
});
export type FavoriteActionBody = Static<typeof FavoriteActionBody>;

/** add/favorite body: one item into the viewer's favourites. */
export const AddFavoriteBody = Type.Object({ group_id: MixIdString });

/** The item's favourites after a change, and whether the viewer has it in theirs now. */
export const FavoriteState = Type.Object({
  group_id: Type.String(),
  favorite_count: Type.Integer(),
  user_favorite: Type.Boolean(),
});
export type FavoriteState = Static<typeof FavoriteState>;

/** Most items one delete/favorite removes (a page of the favourites list). */
export const FAVORITE_DELETE_MAX = 50;

/** delete/favorite body: one or several items out of the viewer's favourites. */
export const DeleteFavoriteBody = Type.Object({
  group_ids: Type.Array(MixIdString, { minItems: 1, maxItems: FAVORITE_DELETE_MAX }),
});

/** How many of the named items were in the favourites and are no longer. */
export const FavoritesDeleted = Type.Object({ deleted: Type.Integer() });

/**
 * The tabs of /my/favorite/:tab_key? (SPEC §3 search/feed types, as the watch history's):
 * everything, short videos, long videos (albums and their episodes) and collections (合集).
 */
export const FAVORITE_TABS = ['all', 'svideo', 'lvideo', 'pseries'] as const;
export type FavoriteTab = (typeof FAVORITE_TABS)[number];
/** TypeBox types a union made from a list (not a tuple) as never, hence the Unsafe. */
export const FavoriteTabKey = Type.Unsafe<FavoriteTab>(
  Type.Union(FAVORITE_TABS.map((tab) => Type.Literal(tab))),
);

export const isFavoriteTab = (value: string): value is FavoriteTab =>
  (FAVORITE_TABS as readonly string[]).includes(value);

/** Where the next page starts: the last entry's favourite time (ms) and item id. */
export const FAVORITE_CURSOR_PATTERN = '^[0-9]{1,16}:[1-9][0-9]{15,25}$';

export const FavoriteListQuery = Type.Object({
  /** all when left out. */
  tab_key: Type.Optional(FavoriteTabKey),
  /** The previous page's `cursor`; the newest page when left out. */
  cursor: Type.Optional(Type.String({ pattern: FAVORITE_CURSOR_PATTERN, maxLength: 43 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: DEFAULT_PAGE_SIZE })),
});
export type FavoriteListQuery = Static<typeof FavoriteListQuery>;

/** The longest search of the favourites, in characters. */
export const FAVORITE_KEYWORD_MAX_LENGTH = 50;

/** search/favorite query: the list's, and words the titles must contain. */
export const SearchFavoriteQuery = Type.Object({
  ...FavoriteListQuery.properties,
  keyword: Type.String({
    minLength: 1,
    maxLength: FAVORITE_KEYWORD_MAX_LENGTH,
    pattern: SINGLE_LINE_TEXT_PATTERN,
  }),
});
export type SearchFavoriteQuery = Static<typeof SearchFavoriteQuery>;

/** One favourited item as the list shows it. */
export const FavoriteEntry = Type.Object({
  group_id: Type.String(),
  /** SPEC §3 item type code. */
  item_type: Type.Integer(),
  title: Type.String(),
  /** Large cover, else middle; '' when none. */
  cover_url: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  play_count: Type.Integer(),
  /** 10-digit seconds. */
  publish_time: Type.Integer(),
  /** When the viewer favourited it, 10-digit seconds. */
  favorite_time: Type.Integer(),
  user_info: Type.Object({
    user_id: Type.String(),
    name: Type.String(),
    avatar_url: Type.String(),
  }),
});
export type FavoriteEntry = Static<typeof FavoriteEntry>;

/** A page of the viewer's favourites, newest first. */
export const FavoriteList = Type.Object({
  list: Type.Array(FavoriteEntry),
  hasMore: Type.Boolean(),
  /** Pass as `cursor` for the next page; '' when there is none. */
  cursor: Type.String(),
});
export type FavoriteList = Static<typeof FavoriteList>;

/** add_vote body: the poll and the chosen option. */
export const AddVoteBody = Type.Object({
  vote_id: MixIdString,
  option_id: Type.Integer({ minimum: 1, maximum: 100 }),
});

/** A poll's tallies after a ballot, and the option the viewer chose. */
export const VoteResult = Type.Object({
  vote_id: Type.String(),
  group_id: Type.String(),
  title: Type.String(),
  options: Type.Array(
    Type.Object({ option_id: Type.Integer(), text: Type.String(), vote_count: Type.Integer() }),
  ),
  voted_option: Type.Integer(),
});
export type VoteResult = Static<typeof VoteResult>;
