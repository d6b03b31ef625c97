import { HFR_SOURCE_FPS } from '@melon/media/ladder';
import { PREVIEW_BOX, PREVIEW_SECONDS } from '@melon/media/preview-clip';
import type { Storyboard } from '@melon/media/storyboard';
import type {
  AlbumContext,
  AlbumEpisode,
  AudioRenditionInfo,
  MediaStatus,
  MixInformation,
  PreviewVideo,
  SeriesContext,
  StoryboardInfo,
  TrialPreview,
  VideoAuthor,
  VideoDetails,
  VideoRenditionInfo,
  VideoResource,
} from '@melon/shared/contracts/video';
import { SERIES_LIST_LIMIT } from '@melon/shared/contracts/video';
import { toSeconds } from '@melon/shared/format/timestamp';
import { encodeVideoUrl } from '@melon/shared/format/video-url';
import { definitionLabel, isDefinition } from '@melon/shared/media/definitions';
import { DASH_MANIFEST, HLS_MASTER_PLAYLIST } from '@melon/media/package-layout';
import {
  backupMediaUrl,
  coverUrl,
  mediaUrl,
  mediaUrlOrEmpty,
  memberPackageUrl,
  signedPackageUrl,
  videoFileUri,
} from '../../storage/media-url.ts';
import { videoDirName } from '../../storage/media-keys.ts';
import { videoMessages } from './video.messages.ts';
import type {
  AlbumEpisodeRow,
  RenditionRow,
  SeriesItemRow,
  VideoItemRow,
} from './video.repository.ts';
import { parseUserAuthInfo } from '../../lib/user-auth-info.ts';

/** What signs one resource: the path token of its package and the refresh token. */
export interface ResourceSigning {
  expires: number;
  sig: string;
  refreshToken: string;
  /** Set for a members-only package: the URLs are bound to this user (decision 050). */
  userId?: string;
}

export interface ResourceMedia {
  itemId: string;
  packageName: string;
  durationMs: number;
  maxFps: number;
  /** The preview the viewer is limited to (the package is then the preview's), or null. */
  preview: TrialPreview | null;
}

const labelOf = (definition: string | null): string =>
  isDefinition(definition) ? definitionLabel(definition) : '';

/** SPEC §3 video resource of a ready item, every URL signed and encoded. */
export function presentVideoResource(
  media: ResourceMedia,
  renditions: readonly RenditionRow[],
  signing: ResourceSigning,
): VideoResource {
  const { userId } = signing;
  const url = (file: string) =>
    userId === undefined
      ? signedPackageUrl(signing, media.itemId, media.packageName, file)
      : memberPackageUrl({ ...signing, userId }, media.itemId, media.packageName, file);
  const encoded = (file: string) => {
    const { main, backup } = url(file);
    return { main_url: encodeVideoUrl(main), backup_url_1: encodeVideoUrl(backup) };
  };
  const video = (row: RenditionRow): VideoRenditionInfo => ({
    ...encoded(row.hls_playlist),
    definition: row.definition ?? '',
    definition_label: labelOf(row.definition),
    bitrate: row.bitrate,
    size: row.size,
    url_expire: signing.expires,
    fps: Math.round(row.fps),
    vwidth: row.vwidth,
    vheight: row.vheight,
    file_id: row.file_id,
    representation_id: String(row.representation_id),
    hfr_variant: row.hfr_variant === 1,
    codec: 'h264',
  });
  const audio = (row: RenditionRow): AudioRenditionInfo => ({
    ...encoded(row.hls_playlist),
    bitrate: row.bitrate,
    size: row.size,
    url_expire: signing.expires,
    file_id: row.file_id,
    representation_id: String(row.representation_id),
    codec: 'aac',
  });
  const videos = renditions.filter((row) => row.kind === 'video');
  const dash = encoded(DASH_MANIFEST);
  const hls = encoded(HLS_MASTER_PLAYLIST);
  return {
    item_id: media.itemId,
    video_duration: media.durationMs / 1000,
    url_expire: signing.expires,
    refresh_token: signing.refreshToken,
    video_list: videos.filter((row) => row.hfr_variant === 0).map(video),
    dynamic_video: {
      ...dash,
      dynamic_video_list: videos
        .filter((row) => row.hfr_variant === 0 || media.maxFps > HFR_SOURCE_FPS)
        .map(video),
      dynamic_audio_list: renditions.filter((row) => row.kind === 'audio').map(audio),
    },
    dash_url: dash.main_url,
    dash_backup_url: dash.backup_url_1,
    hls_url: hls.main_url,
    hls_backup_url: hls.backup_url_1,
    max_fps: media.maxFps,
    subtitle_langs: [],
    extraInfos: { LogoType: '' },
    preview: media.preview,
  };
}

/** The storyboard JSON of item_media with public sheet URLs; null when absent or unreadable. */
export function presentStoryboard(
  itemId: string,
  derivedDir: string | null,
  json: string | null,
): StoryboardInfo | null {
  const dirName = videoDirName(itemId, derivedDir);
  if (!dirName || !json) return null;
  let board: Storyboard;
  try {
    board = JSON.parse(json) as Storyboard;
  } catch {
    return null;
  }
  const uri = (file: string) => mediaUrl(videoFileUri(itemId, dirName, file));
  return {
    interval: board.interval,
    width: board.width,
    height: board.height,
    columns: board.columns,
    count: board.count,
    sheets: board.sheets.map(uri),
    vtt_url: uri(board.vtt),
  };
}

/** The status of an item without a playable resource (a ready row whose package is unusable counts as none). */
export function unplayableStatus(row: Pick<VideoItemRow, 'media_state' | 'media_error'>): {
  status: MediaStatus;
  status_message: string;
} {
  if (row.media_state === 'processing') {
    return { status: 'processing', status_message: videoMessages.processing };
  }
  if (row.media_state === 'failed') {
    return { status: 'failed', status_message: row.media_error || videoMessages.failed };
  }
  return { status: 'failed', status_message: videoMessages.noMedia };
}

function presentAuthor(row: VideoItemRow, follow: boolean): VideoAuthor {
  return {
    user_id: row.user_id,
    name: row.user_name,
    avatar_url: mediaUrlOrEmpty(row.user_avatar_url),
    description: row.user_description,
    followers_count: row.user_followers_count,
    video_count: row.user_video_count,
    follow,
    user_auth_info: parseUserAuthInfo(row.user_auth_info),
  };
}

export interface DetailsParts {
  row: VideoItemRow;
  tags: readonly { id: string; name: string }[];
  resource: VideoResource | null;
  series: SeriesContext | null;
  album: AlbumContext | null;
  followsAuthor: boolean;
  /** Whether the viewer likes the item and has it in their favourites. */
  reactions: { digg: boolean; favorite: boolean };
}

export function presentVideoDetails(parts: DetailsParts): VideoDetails {
  const { row } = parts;
  const ready = parts.resource !== null;
  const status = ready ? { status: 'ready' as const, status_message: '' } : unplayableStatus(row);
  return {
    group_id: row.id,
    item_id: row.id,
    item_type: row.item_type,
    title: row.title,
    abstract: row.abstract,
    publish_time: toSeconds(row.publish_time),
    duration: row.duration_ms / 1000,
    play_count: row.play_count,
    digg_count: row.digg_count,
    comment_count: row.comment_count,
    favorite_count: row.favorite_count,
    user_digg: parts.reactions.digg,
    user_favorite: parts.reactions.favorite,
    danmaku_count: row.danmaku_count,
    cover_url: coverUrl(row),
    cover_middle_url: mediaUrlOrEmpty(row.cover_middle_uri),
    tag: parts.tags[0]?.name ?? row.channel_name ?? '',
    tags: parts.tags.map((tag) => ({ tag_id: tag.id, name: tag.name })),
    user_info: presentAuthor(row, parts.followsAuthor),
    channel:
      row.channel_name === null
        ? null
        : {
            channel_id: String(row.channel_id),
            name: row.channel_name,
            pinyin: row.channel_pinyin ?? '',
          },
    is_vr: row.is_vr === 1,
    ...status,
    video_resource: parts.resource,
    storyboard: ready ? presentStoryboard(row.id, row.derived_dir, row.storyboard) : null,
    preview_url: ready && row.preview_uri ? mediaUrl(row.preview_uri) : null,
    series: parts.series,
    album: parts.album,
    opening_ms: row.opening_ms,
    ending_ms: row.ending_ms,
  };
}

/** At most SERIES_LIST_LIMIT entries, a window that keeps the current one inside. */
function windowAround<T>(entries: readonly T[], current: number): T[] {
  if (entries.length <= SERIES_LIST_LIMIT) return [...entries];
  const start = Math.min(
    Math.max(current - Math.floor(SERIES_LIST_LIMIT / 2), 0),
    entries.length - SERIES_LIST_LIMIT,
  );
  return entries.slice(start, start + SERIES_LIST_LIMIT);
}

export function presentSeries(
  series: { series_id: string; title: string; item_type: number },
  entries: readonly SeriesItemRow[],
  currentId: string,
): SeriesContext {
  const index = entries.findIndex((entry) => entry.id === currentId);
  return {
    series_id: series.series_id,
    title: series.title,
    item_type: series.item_type,
    total: entries.length,
    current_position: index + 1,
    next_item_id: entries[index + 1]?.id ?? null,
    items: windowAround(entries, index).map((entry) => ({
      item_id: entry.id,
      title: entry.title,
      cover_url: coverUrl(entry),
      duration: entry.duration_ms / 1000,
      position: entries.indexOf(entry) + 1,
    })),
  };
}

function presentEpisode(row: AlbumEpisodeRow, sequenceType: string): AlbumEpisode {
  const unit = sequenceType === 'period' ? '期' : '集';
  return {
    item_id: row.id,
    title: row.title,
    cover_url: coverUrl(row),
    duration: row.duration_ms / 1000,
    seq: row.seq,
    episode_label: `第${row.seq}${unit}`,
    episode_type: row.episode_type,
    opening_ms: row.opening_ms === null ? null : row.opening_ms,
    ending_ms: row.ending_ms === null ? null : row.ending_ms,
  };
}

export function presentAlbum(
  album: {
    album_id: string;
    title: string;
    album_type: number;
    sequence_type: string;
    total_episodes: number | null;
    cover_large_uri: string;
    cover_middle_uri: string;
  },
  episodes: readonly AlbumEpisodeRow[],
  currentId: string,
): AlbumContext | null {
  const index = episodes.findIndex((entry) => entry.id === currentId);
  const current = episodes[index];
  if (!current) return null;
  return {
    album_id: album.album_id,
    title: album.title,
    cover_url: coverUrl(album),
    album_type: album.album_type,
    sequence_type: album.sequence_type,
    total_episodes: album.total_episodes,
    current: presentEpisode(current, album.sequence_type),
    next_item_id: episodes[index + 1]?.id ?? null,
    episodes: windowAround(episodes, index).map((row) => presentEpisode(row, album.sequence_type)),
  };
}

/**
 * The hover clip's size, computed as ffmpeg's scale filter does for packages/media's preview
 * (fit into PREVIEW_BOX without enlarging, keep the aspect ratio, round down to even sides),
 * from the video's largest rendition.
 */
export function previewSize(video: { vwidth: number; vheight: number } | undefined): {
  vwidth: number;
  vheight: number;
} {
  if (!video || video.vwidth <= 0 || video.vheight <= 0) return { vwidth: 0, vheight: 0 };
  const { vwidth: sourceWidth, vheight: sourceHeight } = video;
  const boxWidth = Math.min(PREVIEW_BOX.width, sourceWidth);
  const boxHeight = Math.min(PREVIEW_BOX.height, sourceHeight);
  const width = Math.min(Math.round((boxHeight * sourceWidth) / sourceHeight), boxWidth);
  const height = Math.min(Math.round((boxWidth * sourceHeight) / sourceWidth), boxHeight);
  const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
  return { vwidth: even(width), vheight: even(height) };
}

export function presentPreview(
  itemId: string,
  previewUri: string,
  durationMs: number,
  size: { vwidth: number; vheight: number },
): PreviewVideo {
  return {
    group_id: itemId,
    main_url: encodeVideoUrl(mediaUrl(previewUri)),
    backup_url_1: encodeVideoUrl(backupMediaUrl(previewUri)),
    duration: Math.min(PREVIEW_SECONDS, durationMs / 1000),
    ...size,
  };
}

/** A mix id's own type and the details of the item it plays. */
export function presentMixInformation(
  mixId: string,
  mixItemType: number,
  details: VideoDetails,
): MixInformation {
  return { mix_id: mixId, mix_item_type: mixItemType, details };
}
