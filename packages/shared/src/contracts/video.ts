import Type, { type Static } from 'typebox';
import { MIX_ID_PATTERN } from '../ids/id-rules.ts';

/*
 * The video page's calls (SPEC §7 Video) are declared in calls/video.calls.ts.
 *
 * Every `main_url` / `backup_url_1` / `dash_url` / `hls_url` (and their backups) is ENCODED
 * (SPEC §5): base64 of the UTF-8 URL. Decode with `decodeVideoUrl` from
 * `@melon/shared/format/video-url`, which also strips an `http:`/`https:` prefix. Decoded URLs
 * are signed and stop working after `url_expire`; ask getVideoResourceByRefreshToken with the
 * resource's `refresh_token` for fresh ones.
 */

/** A video or series id (SPEC §5: 16 to 26 digits, no leading 0). */
export const MixIdString = Type.String({ pattern: MIX_ID_PATTERN, maxLength: 26 });

/** Media state of an item: only `ready` carries a video resource. */
export const MediaStatus = Type.Union([
  Type.Literal('ready'),
  Type.Literal('processing'),
  Type.Literal('failed'),
]);
export type MediaStatus = Static<typeof MediaStatus>;

/** One video rendition (SPEC §3 `video_list` entry; also a `dynamic_video_list` entry). */
export const VideoRenditionInfo = Type.Object({
  /** Encoded URL of this rendition's HLS media playlist (plays this definition alone). */
  main_url: Type.String(),
  /** Encoded URL of the same playlist on the backup origin. */
  backup_url_1: Type.String(),
  /** `360p` … `4k`. */
  definition: Type.String(),
  /** SPEC §9 label of the definition: 标清, 高清 or 超清. */
  definition_label: Type.String(),
  /** Measured average bits per second. */
  bitrate: Type.Integer(),
  /** Bytes of the rendition's init and media segments. */
  size: Type.Integer(),
  /** 10-digit seconds after which the URLs stop working. */
  url_expire: Type.Integer(),
  /**
   * The rendition's real frame rate, rounded. SPEC §5 "frame rates under 50 ignored" is applied
   * by readers through `significantFps` (a rate under 50 earns no badge); see decision 007.
   */
  fps: Type.Integer(),
  vwidth: Type.Integer(),
  vheight: Type.Integer(),
  file_id: Type.String(),
  /** The Representation@id in the DASH manifest (Shaka's track `originalVideoId`). */
  representation_id: Type.String(),
  /** True for the 120 fps copy of the top rung (only in `dynamic_video_list`). */
  hfr_variant: Type.Boolean(),
  codec: Type.String(),
});
export type VideoRenditionInfo = Static<typeof VideoRenditionInfo>;

/** The audio rendition (SPEC §3 `dynamic_audio_list` entry). */
export const AudioRenditionInfo = Type.Object({
  /** Encoded URL of the audio's HLS media playlist. */
  main_url: Type.String(),
  backup_url_1: Type.String(),
  bitrate: Type.Integer(),
  size: Type.Integer(),
  url_expire: Type.Integer(),
  file_id: Type.String(),
  representation_id: Type.String(),
  codec: Type.String(),
});
export type AudioRenditionInfo = Static<typeof AudioRenditionInfo>;

/** SPEC §3 `dynamic_video`: the DASH presentation with separate video and audio lists. */
export const DynamicVideo = Type.Object({
  /** Encoded URL of the DASH manifest (manifest.mpd). */
  main_url: Type.String(),
  /** Encoded URL of the same manifest on the backup origin. */
  backup_url_1: Type.String(),
  /** Every video rendition, lowest first; the 120 fps variant last when the source is above 100 fps. */
  dynamic_video_list: Type.Array(VideoRenditionInfo),
  dynamic_audio_list: Type.Array(AudioRenditionInfo),
});
export type DynamicVideo = Static<typeof DynamicVideo>;

/**
 * The 6-minute preview (SPEC §4, decision 050): set when the viewer may watch only the start of
 * a VIP or paid episode; the resource's URLs are then those of the short preview package alone.
 */
export const TrialPreview = Type.Object({
  /** Seconds: where the preview ends (360, or a third of an episode of 6 minutes or less). */
  clip_end: Type.Number(),
  /** Why the rest is withheld: a VIP episode (membership) or a paid one (buy the episode). */
  reason: Type.Union([Type.Literal('vip'), Type.Literal('paid')]),
  /** The episode's price in fen when `reason` is `paid`, else null. */
  price_fen: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type TrialPreview = Static<typeof TrialPreview>;

/** SPEC §3 Video resource. */
export const VideoResource = Type.Object({
  /** The item the resource plays. */
  item_id: Type.String(),
  /** Seconds. */
  video_duration: Type.Number(),
  /** 10-digit seconds; every URL below stops working after it. */
  url_expire: Type.Integer(),
  /** Opaque; GET getVideoResourceByRefreshToken?refreshToken= answers a fresh VideoResource. */
  refresh_token: Type.String(),
  /** The standard renditions, lowest first (no 120 fps variant). */
  video_list: Type.Array(VideoRenditionInfo),
  dynamic_video: DynamicVideo,
  /** Encoded URLs of the DASH manifest and of the HLS master playlist, and their backups. */
  dash_url: Type.String(),
  dash_backup_url: Type.String(),
  hls_url: Type.String(),
  hls_backup_url: Type.String(),
  /** The source's frame rate; the 120 fps variant exists when it is above 100. */
  max_fps: Type.Number(),
  /** Languages with subtitles; empty until subtitles exist. */
  subtitle_langs: Type.Array(Type.String()),
  extraInfos: Type.Object({
    /** Watermark logo kind; '' for none (Melon burns no logo in). */
    LogoType: Type.String(),
  }),
  /** The preview the viewer is limited to, or null for full playback. */
  preview: Type.Union([TrialPreview, Type.Null()]),
});
export type VideoResource = Static<typeof VideoResource>;

/** Seek-bar thumbnails (packages/media storyboard), URLs plain (images are public). */
export const StoryboardInfo = Type.Object({
  /** Seconds between thumbnails: thumbnail i shows the picture at i × interval. */
  interval: Type.Number(),
  /** One thumbnail's size in pixels. */
  width: Type.Integer(),
  height: Type.Integer(),
  /** Thumbnails per sheet row; a sheet holds columns × columns thumbnails, row by row. */
  columns: Type.Integer(),
  count: Type.Integer(),
  /** Sheet image URLs, in order. */
  sheets: Type.Array(Type.String()),
  /** WebVTT thumbnails track (`sheet.jpg#xywh=x,y,w,h` cues). */
  vtt_url: Type.String(),
});
export type StoryboardInfo = Static<typeof StoryboardInfo>;

/** The author card of the video page. */
export const VideoAuthor = Type.Object({
  user_id: Type.String(),
  name: Type.String(),
  avatar_url: Type.String(),
  description: Type.String(),
  followers_count: Type.Integer(),
  video_count: Type.Integer(),
  /** Whether the signed-in viewer follows the author; false for visitors. */
  follow: Type.Boolean(),
  /** Certification, as stored (object), or null when the author is not certified. */
  user_auth_info: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type VideoAuthor = Static<typeof VideoAuthor>;

export const VideoChannel = Type.Object({
  channel_id: Type.String(),
  name: Type.String(),
  pinyin: Type.String(),
});
export type VideoChannel = Static<typeof VideoChannel>;

export const VideoTag = Type.Object({ tag_id: Type.String(), name: Type.String() });
export type VideoTag = Static<typeof VideoTag>;

/** One entry of a series (合集 / pseries) list. */
export const SeriesEntry = Type.Object({
  item_id: Type.String(),
  title: Type.String(),
  cover_url: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  /** 1-based position in the series. */
  position: Type.Integer(),
});
export type SeriesEntry = Static<typeof SeriesEntry>;

/** The series the item belongs to, when it does. */
export const SeriesContext = Type.Object({
  series_id: Type.String(),
  title: Type.String(),
  /** 26 series (合集) or 149 pseries. */
  item_type: Type.Integer(),
  total: Type.Integer(),
  /** 1-based position of the current item. */
  current_position: Type.Integer(),
  /** The next item to play in the series, or null after the last. */
  next_item_id: Type.Union([Type.String(), Type.Null()]),
  /** The series' items in order (at most SERIES_LIST_LIMIT, a window around the current one). */
  items: Type.Array(SeriesEntry),
});
export type SeriesContext = Static<typeof SeriesContext>;

/** One episode of an album (film, TV, anime…). */
export const AlbumEpisode = Type.Object({
  item_id: Type.String(),
  title: Type.String(),
  cover_url: Type.String(),
  /** Seconds. */
  duration: Type.Number(),
  seq: Type.Integer(),
  /** 第3集 or 第3期 (SPEC §3 sequence types). */
  episode_label: Type.String(),
  /** official, trailer, focus, edit, footage or raw. */
  episode_type: Type.String(),
  /** End of the opening, for "skip opening"; null when not marked. Milliseconds. */
  opening_ms: Type.Union([Type.Integer(), Type.Null()]),
  /** Start of the ending, for "skip ending"; null when not marked. Milliseconds. */
  ending_ms: Type.Union([Type.Integer(), Type.Null()]),
});
export type AlbumEpisode = Static<typeof AlbumEpisode>;

/** The album the item is an episode of, when it is one. */
export const AlbumContext = Type.Object({
  album_id: Type.String(),
  title: Type.String(),
  cover_url: Type.String(),
  /** SPEC §3 album type (1 Movie, 2 TV, 3 Anime, …). */
  album_type: Type.Integer(),
  /** `episode` (集) or `period` (期). */
  sequence_type: Type.String(),
  total_episodes: Type.Union([Type.Integer(), Type.Null()]),
  /** The current episode (opening/ending marks for the start-position rules of SPEC §4). */
  current: AlbumEpisode,
  /** The next episode to play, or null after the last. */
  next_item_id: Type.Union([Type.String(), Type.Null()]),
  /** The album's episodes in order (at most SERIES_LIST_LIMIT, a window around the current one). */
  episodes: Type.Array(AlbumEpisode),
});
export type AlbumContext = Static<typeof AlbumContext>;

/** Most entries a series or album context lists. */
export const SERIES_LIST_LIMIT = 100;

/** getVideoDetails data: everything the video page needs. */
export const VideoDetails = Type.Object({
  group_id: Type.String(),
  item_id: Type.String(),
  /** SPEC §3 item type code (0 short video, 25 episode, …). */
  item_type: Type.Integer(),
  title: Type.String(),
  abstract: Type.String(),
  /** 10-digit seconds. */
  publish_time: Type.Integer(),
  /** Seconds. */
  duration: Type.Number(),
  play_count: Type.Integer(),
  digg_count: Type.Integer(),
  comment_count: Type.Integer(),
  favorite_count: Type.Integer(),
  danmaku_count: Type.Integer(),
  /** Whether the signed-in viewer likes the item; false for visitors. */
  user_digg: Type.Boolean(),
  /** Whether the item is in the signed-in viewer's favourites; false for visitors. */
  user_favorite: Type.Boolean(),
  /** Large cover, else middle; '' when none. */
  cover_url: Type.String(),
  cover_middle_url: Type.String(),
  /** The first tag's name or ''; all tags below. */
  tag: Type.String(),
  tags: Type.Array(VideoTag),
  user_info: VideoAuthor,
  channel: Type.Union([VideoChannel, Type.Null()]),
  is_vr: Type.Boolean(),
  /** `ready`: video_resource is set. `processing`: 视频转码中. `failed`: status_message says why. */
  status: MediaStatus,
  /** Chinese text for a not-ready status ('' when ready). */
  status_message: Type.String(),
  video_resource: Type.Union([VideoResource, Type.Null()]),
  storyboard: Type.Union([StoryboardInfo, Type.Null()]),
  /** Plain URL of the short hover preview clip, or null. */
  preview_url: Type.Union([Type.String(), Type.Null()]),
  series: Type.Union([SeriesContext, Type.Null()]),
  album: Type.Union([AlbumContext, Type.Null()]),
  /**
   * The author's opening and ending marks (ms from the start, set in the creator studio; null:
   * none), which skip op/ed uses when the item is not an album episode with marks of its own.
   */
  opening_ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  ending_ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type VideoDetails = Static<typeof VideoDetails>;

/** getVideoDetails query: group_id, or item_id (one is required). */
export const VideoDetailsQuery = Type.Object({
  group_id: Type.Optional(MixIdString),
  item_id: Type.Optional(MixIdString),
});
export type VideoDetailsQuery = Static<typeof VideoDetailsQuery>;

/** getMixInformation query: the page's mixId and the optional child `id` (SPEC §2). */
export const MixInformationQuery = Type.Object({
  mixId: MixIdString,
  id: Type.Optional(MixIdString),
});
export type MixInformationQuery = Static<typeof MixInformationQuery>;

/**
 * getMixInformation data: the mixId's own type and the details of the item to play
 * (the mixId itself for a video; the child `id`, else the first episode, for a series or album).
 */
export const MixInformation = Type.Object({
  mix_id: Type.String(),
  /** Item type code of the mixId itself (0, 24, 25, 26 or 149). */
  mix_item_type: Type.Integer(),
  details: VideoDetails,
});
export type MixInformation = Static<typeof MixInformation>;

/** getVideoResourceByRefreshToken query. */
export const RefreshTokenQuery = Type.Object({
  refreshToken: Type.String({ minLength: 1, maxLength: 512 }),
});
export type RefreshTokenQuery = Static<typeof RefreshTokenQuery>;

/** getPreviewVideo query. */
export const PreviewVideoQuery = Type.Object({
  group_id: MixIdString,
});
export type PreviewVideoQuery = Static<typeof PreviewVideoQuery>;

/** getPreviewVideo data: the short muted hover clip. */
export const PreviewVideo = Type.Object({
  group_id: Type.String(),
  /** Encoded URL of the clip (an MP4); clips are public, so it does not expire. */
  main_url: Type.String(),
  backup_url_1: Type.String(),
  /** Seconds of the clip. */
  duration: Type.Number(),
  vwidth: Type.Integer(),
  vheight: Type.Integer(),
});
export type PreviewVideo = Static<typeof PreviewVideo>;
