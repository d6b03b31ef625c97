import Type, { type Static } from 'typebox';

/** Author summary carried by a feed cell (SPEC §3 'userInfo'). */
export const FeedUserInfo = Type.Object({
  user_id: Type.String(),
  name: Type.String(),
  avatar_url: Type.String(),
  follow: Type.Boolean(),
});

/** One card of a video feed: the field names of SPEC §3 'Video feed cell'. */
export const FeedCell = Type.Object({
  groupId: Type.String(),
  albumId: Type.Union([Type.String(), Type.Null()]),
  /** Item type code of SPEC §3: 0 short video, 24 album, 25 episode, 26 series, 149 pseries. */
  itemType: Type.Integer(),
  title: Type.String(),
  /** Seconds since the epoch (SPEC §9: 10-digit timestamps are seconds). */
  publishTime: Type.Integer(),
  /** Seconds. */
  duration: Type.Number(),
  /** Seconds since the epoch; the feed's ordering key. */
  behotTime: Type.Integer(),
  playNum: Type.Integer(),
  /** SPEC §3: the large cover, else the middle one. */
  coverUrl: Type.String(),
  /** The cover the card shows: the middle one (640×360), else the large one. */
  thumbUrl: Type.String(),
  tag: Type.String(),
  abstract: Type.String(),
  logPb: Type.Object({ impr_id: Type.String(), channel_id: Type.String() }),
  preview_url: Type.Union([Type.String(), Type.Null()]),
  isTop: Type.Boolean(),
  rank: Type.Integer(),
  offset: Type.Integer(),
  videoUserLike: Type.Integer(),
  userInfo: FeedUserInfo,
  hideType: Type.Integer(),
  co_creators_video_info: Type.Array(FeedUserInfo),
  isVr: Type.Boolean(),
});
export type FeedCell = Static<typeof FeedCell>;

/** GET /api/feedv2/feedById query. `channelId` is the channel's numeric id as a string. */
export const FeedByIdQuery = Type.Object({
  channelId: Type.String({ pattern: '^[1-9][0-9]{0,9}$', maxLength: 10 }),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 30 })),
  referrer: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type FeedByIdQuery = Static<typeof FeedByIdQuery>;

export const FeedPage = Type.Object({
  channelId: Type.String(),
  list: Type.Array(FeedCell),
  hasMore: Type.Boolean(),
  /** Offset to ask for next. */
  offset: Type.Integer(),
});
export type FeedPage = Static<typeof FeedPage>;
