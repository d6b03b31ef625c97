import Type, { type Static } from 'typebox';
import { DEFAULT_PAGE_SIZE } from '../api/constants.ts';
import { SINGLE_LINE_TEXT_PATTERN } from '../display-text.ts';
import { ABSTRACT_MAX_LENGTH, TAG_MAX_COUNT, TAG_MAX_LENGTH, TITLE_MAX_LENGTH } from './publish.ts';
import { MixIdString, StoryboardInfo } from './video.ts';

/*
 * The creator studio's videos (issue 14, decision 045): the author's own list, editing,
 * deleting and each video's analytics. The calls are declared in calls/studio.calls.ts.
 */

/** The SPEC §3 visibility levels an author chooses between: self 15, homepage 20, all 60. */
export const STUDIO_VISIBILITIES = [15, 20, 60] as const;
export type StudioVisibility = (typeof STUDIO_VISIBILITIES)[number];

/** A mark (opening or ending) at most this far into a video: the longest a video may last. */
export const MARK_MAX_MS = 24 * 3600 * 1000;

/** The largest cover picture an author may upload (multipart field `cover`). */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

/** Days of plays the analytics show, today included. */
export const ANALYTICS_DAYS = 30;
/** Retention is told at every this many percent of the duration, 0 to 100. */
export const RETENTION_STEP_PERCENT = 5;

/** Where the next page starts: the last video's publish time (ms) and id. */
export const STUDIO_CURSOR_PATTERN = '^[0-9]{1,16}:[1-9][0-9]{15,25}$';

export const StudioVideosQuery = Type.Object({
  /** The previous page's `cursor`; the newest page when left out. */
  cursor: Type.Optional(Type.String({ pattern: STUDIO_CURSOR_PATTERN, maxLength: 43 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: DEFAULT_PAGE_SIZE })),
});
export type StudioVideosQuery = Static<typeof StudioVideosQuery>;

export const StudioMediaState = Type.Union([
  Type.Literal('processing'),
  Type.Literal('ready'),
  Type.Literal('failed'),
]);

/** One of the author's videos as the studio lists it. */
export const StudioVideo = Type.Object({
  item_id: Type.String(),
  title: Type.String(),
  /** '' until the video has a cover. */
  cover_url: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  /** Seconds since the epoch. */
  publish_time: Type.Integer(),
  /** The SPEC §3 level (15, 20, 60 or another the catalogue gave it). */
  visibility: Type.Integer(),
  /** `ready` for an item without uploaded media (a catalogue item). */
  state: StudioMediaState,
  /** Why it failed (zh-CN); '' otherwise. */
  state_message: Type.String(),
  play_count: Type.Integer(),
  digg_count: Type.Integer(),
  comment_count: Type.Integer(),
  danmaku_count: Type.Integer(),
});
export type StudioVideo = Static<typeof StudioVideo>;

export const StudioVideosPage = Type.Object({
  list: Type.Array(StudioVideo),
  has_more: Type.Boolean(),
  /** Pass as `cursor` for the next page; '' when there is none. */
  cursor: Type.String(),
});
export type StudioVideosPage = Static<typeof StudioVideosPage>;

export const StudioVideoQuery = Type.Object({ item_id: MixIdString });

/** What the edit form starts from. */
export const StudioVideoDetail = Type.Object({
  video: StudioVideo,
  abstract: Type.String(),
  tags: Type.Array(Type.String()),
  channel_id: Type.Integer(),
  opening_ms: Type.Union([Type.Integer(), Type.Null()]),
  ending_ms: Type.Union([Type.Integer(), Type.Null()]),
  /** The seek thumbnails, to preview the frame chosen as cover; null until ready. */
  storyboard: Type.Union([StoryboardInfo, Type.Null()]),
});
export type StudioVideoDetail = Static<typeof StudioVideoDetail>;

/** Null first: the server's validator coerces types, and would read a null as 0 for an integer. */
const Mark = Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: MARK_MAX_MS })]);

/** The edit: every field the form shows, all at once. */
export const StudioEditBody = Type.Object({
  item_id: MixIdString,
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX_LENGTH }),
  abstract: Type.String({ maxLength: ABSTRACT_MAX_LENGTH }),
  tags: Type.Array(
    Type.String({ minLength: 1, maxLength: TAG_MAX_LENGTH, pattern: SINGLE_LINE_TEXT_PATTERN }),
    { maxItems: TAG_MAX_COUNT },
  ),
  channel_id: Type.Integer({ minimum: 1 }),
  visibility: Type.Union([Type.Literal(15), Type.Literal(20), Type.Literal(60)]),
  /** Where the opening ends (ms); null: no mark. */
  opening_ms: Mark,
  /** Where the ending starts (ms); null: no mark. */
  ending_ms: Mark,
});
export type StudioEditBody = Static<typeof StudioEditBody>;

/** A cover from the frame shown `time_ms` into the video (within its duration). */
export const StudioCoverFrameBody = Type.Object({
  item_id: MixIdString,
  time_ms: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
});
export type StudioCoverFrameBody = Static<typeof StudioCoverFrameBody>;

export const StudioDeleteBody = Type.Object({ item_id: MixIdString });

export const StudioDeleted = Type.Object({ item_id: Type.String(), deleted: Type.Boolean() });

/** Plays on one day (the server's calendar day, UTC+8 as the site's audience). */
export const DailyPlays = Type.Object({
  /** YYYY-MM-DD. */
  date: Type.String(),
  plays: Type.Integer(),
});

/** The share of viewers still watching at a point of the video. */
export const RetentionPoint = Type.Object({
  /** 0–100, every RETENTION_STEP_PERCENT. */
  percent: Type.Integer(),
  /** 0–1: viewers whose furthest progress reached this point, over all viewers. */
  share: Type.Number(),
});

export const StudioAnalytics = Type.Object({
  item_id: Type.String(),
  title: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  /** ANALYTICS_DAYS days, oldest first, today last; a day without plays says 0. */
  daily_plays: Type.Array(DailyPlays),
  /** Signed-in viewers with a stored progress: the retention's base. */
  viewers: Type.Integer(),
  /** Empty when no viewer has a stored progress. */
  retention: Type.Array(RetentionPoint),
});
export type StudioAnalytics = Static<typeof StudioAnalytics>;
