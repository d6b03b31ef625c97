import Type, { type Static } from 'typebox';
import { MixIdString } from './video.ts';

/*
 * Author pages and series (SPEC §7 Video and User, §3 author home state, user detail, video
 * list item, paged video list, series data, preview series, short-video cell; decision 043).
 * The calls answer the source field names the spec maps from (`avatar_url`, `tab_list`,
 * `SeriesList`, `HasMore`, `NextCursor`); the page's state takes the SPEC §3 names
 * (author-state.ts). The calls are declared in calls/author.calls.ts and series.calls.ts.
 */

/** SPEC §5: a user id is numeric, not starting with 0. */
export const UserIdString = Type.String({ pattern: '^[1-9][0-9]{0,25}$', maxLength: 26 });

/** The tabs of an author page, in order (SPEC §2 `/home/:to_user_id/:tab?`). */
export const AUTHOR_TABS = ['home', 'video', 'hotsoon', 'series', 'pseries', 'live'] as const;
export type AuthorTab = (typeof AUTHOR_TABS)[number];
export const isAuthorTab = (value: string): value is AuthorTab =>
  (AUTHOR_TABS as readonly string[]).includes(value);

/** Most entries a page of an author's lists holds. */
export const AUTHOR_PAGE_MAX_COUNT = 50;
/** Entries a list page holds when the caller does not say. */
export const AUTHOR_PAGE_DEFAULT_COUNT = 20;
/** Entries the home tab shows of each list. */
export const AUTHOR_HOME_SHELF = 8;

/**
 * Where the next page of an author's newest-first list starts: the last entry's publish time
 * (ms) and id, `<ms>_<id>`; opaque to the client.
 */
export const AUTHOR_CURSOR_PATTERN = '^[0-9]{1,16}_[1-9][0-9]{15,25}$';

const Count = Type.Optional(Type.Integer({ minimum: 1, maximum: AUTHOR_PAGE_MAX_COUNT }));
const Offset = Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 }));

/** The user detail's source: what the author page heads with. */
export const AuthorUserInfo = Type.Object({
  user_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  avatar_url: Type.String(),
  followers_count: Type.Integer(),
  following_count: Type.Integer(),
  /** Whether the signed-in viewer follows the author; false for visitors and the author. */
  follow: Type.Boolean(),
  user_auth_info: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  video_count: Type.Integer(),
  /** Whether the viewer is the author (the profile view rather than the public one). */
  is_self: Type.Boolean(),
});
export type AuthorUserInfo = Static<typeof AuthorUserInfo>;

/** rich_info: the author and the tabs their page shows (`tab_list` → SPEC §3 `enableTabs`). */
export const AuthorRichInfo = Type.Object({
  user_info: AuthorUserInfo,
  tab_list: Type.Array(Type.String()),
});
export type AuthorRichInfo = Static<typeof AuthorRichInfo>;

/** SPEC §3 video list item. */
export const VideoListItem = Type.Object({
  id: Type.String(),
  videoId: Type.String(),
  /** The item type code (SPEC §3): 0 video, 24 album. */
  item_type: Type.Integer(),
  category_name: Type.String(),
  /** Large cover, else middle; '' with neither. */
  videoImage: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  title: Type.String(),
  comment_count: Type.Integer(),
  /** 10-digit seconds. */
  publish_time: Type.Integer(),
  abstract: Type.String(),
  behot_time: Type.Integer(),
  /** SPEC §3 play count (`video_watch_count`), 0 when none. */
  video_watch_count: Type.Integer(),
  tag: Type.String(),
  /** Set for the author's own view: the item is seen by its author only (仅自己可见). */
  self_only: Type.Boolean(),
});
export type VideoListItem = Static<typeof VideoListItem>;

/** SPEC §3 paged video list; `cursor` is what the next page is asked with ('' after the last). */
export const PagedVideoList = Type.Object({
  videoList: Type.Array(VideoListItem),
  hasMore: Type.Boolean(),
  /** The last entry's publish time, 10-digit seconds; 0 for an empty page. */
  maxTime: Type.Integer(),
  /** Entries delivered so far, this page included. */
  offset: Type.Integer(),
  cursor: Type.String(),
});
export type PagedVideoList = Static<typeof PagedVideoList>;

/** SPEC §3 short-video (hotsoon) cell: a vertical video. */
export const HotsoonCell = Type.Object({
  groupId: Type.String(),
  title: Type.String(),
  publishTime: Type.Integer(),
  duration: Type.Number(),
  behotTime: Type.Integer(),
  playNum: Type.Integer(),
  coverUrl: Type.String(),
  tag: Type.String(),
  logPb: Type.Object({ impr_id: Type.String() }),
  is_following: Type.Boolean(),
  comment_count: Type.Integer(),
  self_only: Type.Boolean(),
});
export type HotsoonCell = Static<typeof HotsoonCell>;

export const HotsoonPage = Type.Object({
  data: Type.Array(HotsoonCell),
  hasMore: Type.Boolean(),
  offset: Type.Integer(),
  cursor: Type.String(),
});
export type HotsoonPage = Static<typeof HotsoonPage>;

/** One series (合集) or pseries as the lists show it. */
export const SeriesSummary = Type.Object({
  series_id: Type.String(),
  /** 26 series (合集) or 149 pseries. */
  item_type: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  cover_url: Type.String(),
  /** The entries the viewer may see. */
  item_count: Type.Integer(),
  play_count: Type.Integer(),
  /** 10-digit seconds. */
  update_time: Type.Integer(),
  user_id: Type.String(),
  self_only: Type.Boolean(),
});
export type SeriesSummary = Static<typeof SeriesSummary>;

/** SPEC §3 preview series / series list: a page of series by offset. */
export const SeriesPage = Type.Object({
  list: Type.Array(SeriesSummary),
  hasMore: Type.Boolean(),
  offset: Type.Integer(),
});
export type SeriesPage = Static<typeof SeriesPage>;

/** series/list: the source of the user detail's `seriesData` (HasMore → hasMore …). */
export const SeriesListAnswer = Type.Object({
  series_list: Type.Array(SeriesSummary),
  HasMore: Type.Boolean(),
  /** Decimal; "0" starts. */
  NextCursor: Type.String(),
});
export type SeriesListAnswer = Static<typeof SeriesListAnswer>;

/** list/series_items: a series' entries in order from a cursor (their count so far). */
export const SeriesItemsAnswer = Type.Object({
  series_list: Type.Array(VideoListItem),
  HasMore: Type.Boolean(),
  NextCursor: Type.String(),
});
export type SeriesItemsAnswer = Static<typeof SeriesItemsAnswer>;

/** author/home: everything the home tab shows in one answer. */
export const AuthorHomeAnswer = Type.Object({
  ...AuthorRichInfo.properties,
  live_video: Type.Null(),
  videos: PagedVideoList,
  hotsoon_videos: HotsoonPage,
  hot_videos: Type.Array(VideoListItem),
  /** → SPEC §3 `preview_series`. */
  SeriesList: SeriesPage,
  pseries_list: SeriesPage,
});
export type AuthorHomeAnswer = Static<typeof AuthorHomeAnswer>;

export const AuthorQuery = Type.Object({ to_user_id: UserIdString });

export const AuthorCursorQuery = Type.Object({
  to_user_id: UserIdString,
  cursor: Type.Optional(Type.String({ pattern: AUTHOR_CURSOR_PATTERN, maxLength: 43 })),
  offset: Offset,
  count: Count,
});
export type AuthorCursorQuery = Static<typeof AuthorCursorQuery>;

/** new_video_list: isHome "1" is the home tab's shelf (its first AUTHOR_HOME_SHELF entries). */
export const NewVideoListQuery = Type.Object({
  ...AuthorCursorQuery.properties,
  isHome: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
});

export const AuthorOffsetQuery = Type.Object({
  to_user_id: UserIdString,
  offset: Offset,
  count: Count,
});

/** author/live: the author's live rooms (none exist yet). */
export const AuthorLiveList = Type.Object({
  list: Type.Array(Type.Unknown()),
  hasMore: Type.Boolean(),
});

export const SeriesIdParams = Type.Object({ SeriesID: MixIdString });
export const SeriesItemsParams = Type.Object({
  SeriesID: MixIdString,
  Cursor: Type.String({ pattern: '^(0|[1-9][0-9]{0,5})$', maxLength: 6 }),
});
export const SeriesItemsQuery = Type.Object({
  SeriesID: MixIdString,
  Cursor: Type.Optional(SeriesItemsParams.properties.Cursor),
  count: Count,
});
export const SeriesListQuery = Type.Object({
  to_user_id: UserIdString,
  cursor: Type.Optional(SeriesItemsParams.properties.Cursor),
  count: Count,
});

/** series_info: a series with its author. */
export const SeriesInfo = Type.Object({
  ...SeriesSummary.properties,
  user_info: Type.Object({
    user_id: Type.String(),
    name: Type.String(),
    avatar_url: Type.String(),
  }),
});
export type SeriesInfo = Static<typeof SeriesInfo>;

/** get_pseries: the pseries a video is in, if any. */
export const GetPseriesQuery = Type.Object({ group_id: MixIdString });
export const GetPseriesAnswer = Type.Object({ pseries: Type.Union([SeriesSummary, Type.Null()]) });

export const PseriesInfoQuery = Type.Object({
  pseries_id: MixIdString,
  newVersion: Type.Optional(Type.Literal('1')),
  count: Count,
});
/** pseries_info_v2: the pseries and its first entries. */
export const PseriesInfoAnswer = Type.Object({
  info: SeriesInfo,
  list: Type.Array(VideoListItem),
  hasMore: Type.Boolean(),
  offset: Type.Integer(),
});
export const PseriesMoreQuery = Type.Object({
  pseries_id: MixIdString,
  offset: Offset,
  count: Count,
});
export const PseriesMoreAnswer = Type.Object({
  list: Type.Array(VideoListItem),
  hasMore: Type.Boolean(),
  offset: Type.Integer(),
});

export const AuthorWebUrl = Type.Object({ user_id: Type.String(), web_url: Type.String() });
export const AudioInfo = Type.Object({
  user_id: Type.String(),
  audio_count: Type.Integer(),
  audio_list: Type.Array(Type.Unknown()),
});
export const CanProduct = Type.Object({ user_id: Type.String(), can_product: Type.Boolean() });

/** The personal id: 4 to 20 lower-case Latin letters, digits or _, starting with a letter. */
export const PID_PATTERN = '^[a-z][a-z0-9_]{3,19}$';
export const PidAnswer = Type.Object({ pid: Type.Union([Type.String(), Type.Null()]) });
export const SetPidBody = Type.Object({
  pid: Type.String({ pattern: PID_PATTERN, maxLength: 20 }),
});
