import type { VideoDetails, VideoResource } from '@melon/shared/contracts/video';
import { decodeVideoUrl } from '@melon/shared/format/video-url';
import { isDefinition, type Definition } from '@melon/shared/media/definitions';
import { playerStoryboard, type PlayerStoryboard } from '~/lib/storyboard.ts';

/** The 120 fps copy of the top rung (SPEC §5): offered only where it decodes smoothly. */
export interface HighFrameRateVariant {
  representationId: string;
  width: number;
  height: number;
  bitrate: number;
  fps: number;
  codec: string;
}

export interface PlayerRendition {
  definition: Definition;
  width: number;
  height: number;
  bitrate: number;
  /** Representation@id in the DASH manifest: Shaka's `originalVideoId`. */
  representationId: string;
}

/** The 6-minute preview a viewer is limited to (decision 050). */
export interface PlayerPreview {
  /** Seconds: where the preview ends. */
  clipEnd: number;
  reason: 'vip' | 'paid';
  priceFen: number | null;
}

/** Everything the player needs to play one item. */
export interface PlayerSource {
  itemId: string;
  /** Site-relative or protocol-relative URLs, decoded (SPEC §5). */
  dashUrl: string | null;
  hlsUrl: string | null;
  /** The same manifests on the backup origin (`backup_url_1`, decision 007). */
  dashBackupUrl: string | null;
  hlsBackupUrl: string | null;
  /** Seconds. */
  duration: number;
  posterUrl: string;
  /** Lowest first; the 120 fps copy is not a separate definition. */
  renditions: PlayerRendition[];
  hfr: HighFrameRateVariant | null;
  storyboard: PlayerStoryboard | null;
  /** Seconds; null when the item has no marks. */
  openingMark: number | null;
  endingMark: number | null;
  /** For getVideoResourceByRefreshToken when the signed URLs expire. */
  refreshToken: string;
  /** Set when the URLs are those of the preview only. */
  preview: PlayerPreview | null;
}

const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);

/** The signed part of a source: what getVideoResourceByRefreshToken renews. */
function signedUrlsOf(resource: VideoResource) {
  return {
    dashUrl: decodeVideoUrl(resource.dash_url),
    hlsUrl: decodeVideoUrl(resource.hls_url),
    dashBackupUrl: decodeVideoUrl(resource.dash_backup_url),
    hlsBackupUrl: decodeVideoUrl(resource.hls_backup_url),
    refreshToken: resource.refresh_token,
    preview: resource.preview && {
      clipEnd: resource.preview.clip_end,
      reason: resource.preview.reason,
      priceFen: resource.preview.price_fen,
    },
  };
}

/** The same item with the fresh signed URLs of getVideoResourceByRefreshToken. */
export function withFreshResource(source: PlayerSource, resource: VideoResource): PlayerSource {
  return { ...source, ...signedUrlsOf(resource) };
}

/** The item's manifests on the backup origin, when it has them. */
export function backupManifests(
  source: PlayerSource,
): { dashUrl: string | null; hlsUrl: string | null } | null {
  if (!source.dashBackupUrl && !source.hlsBackupUrl) return null;
  return { dashUrl: source.dashBackupUrl, hlsUrl: source.hlsBackupUrl };
}

/** The player's source for a video page's details; null when the item cannot play yet. */
export function playerSourceOf(details: VideoDetails): PlayerSource | null {
  const resource = details.video_resource;
  if (details.status !== 'ready' || !resource) return null;
  const urls = signedUrlsOf(resource);
  if (!urls.dashUrl && !urls.hlsUrl) return null;
  const renditions = resource.video_list.flatMap((rendition): PlayerRendition[] =>
    isDefinition(rendition.definition)
      ? [
          {
            definition: rendition.definition,
            width: rendition.vwidth,
            height: rendition.vheight,
            bitrate: rendition.bitrate,
            representationId: rendition.representation_id,
          },
        ]
      : [],
  );
  const hfr = resource.dynamic_video.dynamic_video_list.find((r) => r.hfr_variant);
  const board = details.storyboard;
  const episode = details.album?.current ?? null;
  return {
    itemId: details.item_id,
    ...urls,
    duration: resource.video_duration || details.duration,
    posterUrl: details.cover_url || details.cover_middle_url,
    renditions,
    hfr: hfr
      ? {
          representationId: hfr.representation_id,
          width: hfr.vwidth,
          height: hfr.vheight,
          bitrate: hfr.bitrate,
          fps: hfr.fps,
          codec: hfr.codec,
        }
      : null,
    storyboard: board ? playerStoryboard(board) : null,
    // An album episode's own marks first, else the author's marks on the item (the studio).
    openingMark: seconds(episode?.opening_ms ?? details.opening_ms),
    endingMark: seconds(episode?.ending_ms ?? details.ending_ms),
  };
}

/** The definition of a Shaka track: by representation id, else by the nearest height. */
export function definitionOfTrack(
  renditions: readonly PlayerRendition[],
  track: { originalVideoId: string | null; height: number | null },
): Definition | null {
  const byId = renditions.find((r) => r.representationId === track.originalVideoId);
  if (byId) return byId.definition;
  return renditions.find((r) => r.height === track.height)?.definition ?? null;
}
