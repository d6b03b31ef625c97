import Type, { type Static } from 'typebox';
import { MixIdString } from './video.ts';

/** GET /api/videov2/get_short_video_related query: the video, and how many related to list. */
export const RelatedVideosQuery = Type.Object({
  group_id: MixIdString,
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })),
});
export type RelatedVideosQuery = Static<typeof RelatedVideosQuery>;

/** One related video: the field names of SPEC §3 'Video list item', with its author. */
export const RelatedVideo = Type.Object({
  videoId: Type.String(),
  group_id_str: Type.String(),
  title: Type.String(),
  /** The large cover, else the middle one ('' with neither). */
  videoImage: Type.String(),
  /** The cover the list shows: the middle one (640×360), else the large one. */
  thumbUrl: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  /** Seconds since the epoch. */
  publish_time: Type.Integer(),
  video_watch_count: Type.Integer(),
  comment_count: Type.Integer(),
  /** The channel's name. */
  tag: Type.String(),
  user_info: Type.Object({ user_id: Type.String(), name: Type.String() }),
});
export type RelatedVideo = Static<typeof RelatedVideo>;

export const RelatedVideos = Type.Object({ list: Type.Array(RelatedVideo) });
export type RelatedVideos = Static<typeof RelatedVideos>;
