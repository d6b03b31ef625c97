import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { EpisodeAccess, ItemType } from '@melon/db/enums';
import type { EmbedPlayback, IframeAccessibility } from '@melon/shared/contracts/embed';
import { embedPath } from '@melon/shared/site-paths';
import type {
  AlbumContext,
  MixInformation,
  PreviewVideo,
  SeriesContext,
  VideoDetails,
  VideoResource,
} from '@melon/shared/contracts/video';
import { previewClipSeconds } from '../membership/membership.policy.ts';
import { episodePlayback } from '../membership/membership.service.ts';
import { trialRenditionRows, trialRepresentations } from '../membership/trial-package.ts';
import { forbidden, invalid, notFound } from '../../lib/domain-error.ts';
import { canView } from '../item/item.policy.ts';
import { findViewableItem } from '../item/item.service.ts';
import { videoDirName } from '../../storage/media-keys.ts';
import {
  checkRefreshToken,
  makeRefreshToken,
  MEDIA_URL_TTL_S,
  MEMBER_URL_TTL_S,
  REFRESH_TOKEN_TTL_S,
  signedDir,
  signMediaDir,
  signMemberMediaDir,
} from '../media-files/signed-url.ts';
import { videoMessages } from './video.messages.ts';
import {
  presentAlbum,
  presentMixInformation,
  presentPreview,
  presentSeries,
  presentVideoDetails,
  presentVideoResource,
  previewSize,
} from './video.presenter.ts';
import {
  findAlbumOf,
  findSeriesOf,
  findVideoItem,
  listAlbumEpisodes,
  listItemTags,
  listRenditions,
  listSeriesItems,
  type RenditionRow,
  type VideoItemRow,
} from './video.repository.ts';
import { isFollowing } from '../follow/follow.repository.ts';
import { findViewerReactions, NO_REACTIONS } from '../favorite/favorite.repository.ts';

/**
 * Expiries are rounded up to this step so that every page view within it gets the same URLs:
 * the browser's and any CDN's cache of the immutable segments then keeps hitting.
 */
export const EXPIRY_STEP_S = 15 * 60;
/** The same for members-only URLs, which live minutes. */
const MEMBER_EXPIRY_STEP_S = 5 * 60;

/** A stored rendition as the preview's choice of rungs reads it. */
const asFull = (row: RenditionRow) => ({
  kind: row.kind,
  representationId: row.representation_id,
  fps: row.fps,
  hfrVariant: row.hfr_variant === 1,
});

/** Item types that are a playable video themselves (a series or album plays its children). */
const PLAYABLE: readonly number[] = [ItemType.ShortVideo, ItemType.Episode];

export interface VideoServiceDeps {
  db: Kysely<Database>;
  secret: Buffer;
  /** Milliseconds; the clock of expiries. */
  now?: () => number;
}

export function createVideoService(deps: VideoServiceDeps) {
  const { db, secret } = deps;
  const now = deps.now ?? (() => Date.now());

  /** URLs of one package directory; bound to `userId` for a members-only package. */
  function sign(itemId: string, packageName: string, userId?: string) {
    const nowS = Math.floor(now() / 1000);
    const refreshToken = makeRefreshToken(secret, itemId, nowS + REFRESH_TOKEN_TTL_S);
    const dir = signedDir(itemId, packageName);
    if (userId === undefined) {
      const expires = Math.ceil((nowS + MEDIA_URL_TTL_S) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
      return { expires, sig: signMediaDir(secret, dir, expires), refreshToken };
    }
    const expires =
      Math.ceil((nowS + MEMBER_URL_TTL_S) / MEMBER_EXPIRY_STEP_S) * MEMBER_EXPIRY_STEP_S;
    return { expires, sig: signMemberMediaDir(secret, dir, expires, userId), refreshToken, userId };
  }

  /**
   * The resource a viewer is given (decision 050): the full package, signed for anyone when the
   * item is free and for this viewer alone when it is VIP or paid; for a viewer limited to the
   * preview, only the preview package's URLs and what limits them. Null while a needed package
   * is missing (the preview not yet cut).
   */
  async function resourceFor(
    row: VideoItemRow,
    viewerId: string | null,
  ): Promise<VideoResource | null> {
    const packageName = videoDirName(row.id, row.package_dir);
    if (row.media_state !== 'ready' || packageName === null) return null;
    const rights = await episodePlayback(db, row, viewerId, now());
    const media = { itemId: row.id, durationMs: row.duration_ms, maxFps: row.max_fps ?? 0 };
    const renditions = await listRenditions(db, row.id);
    if (rights.playback === 'full') {
      const boundTo = rights.access === EpisodeAccess.Free ? undefined : (viewerId ?? undefined);
      return presentVideoResource(
        { ...media, packageName, preview: null },
        renditions,
        sign(row.id, packageName, boundTo),
      );
    }
    const trialName = videoDirName(row.id, row.trial_package_dir);
    const clipEnd = previewClipSeconds(row.duration_ms / 1000);
    if (trialName === null || clipEnd === 0) return null;
    const share = row.duration_ms > 0 ? (clipEnd * 1000) / row.duration_ms : 1;
    const trialRows = trialRenditionRows(
      renditions,
      trialRepresentations(renditions.map(asFull)),
      share,
    );
    const paid = rights.access === EpisodeAccess.Paid;
    return presentVideoResource(
      {
        ...media,
        packageName: trialName,
        durationMs: clipEnd * 1000,
        preview: {
          clip_end: clipEnd,
          reason: paid ? 'paid' : 'vip',
          price_fen: paid ? rights.priceFen : null,
        },
      },
      trialRows,
      sign(row.id, trialName),
    );
  }

  async function seriesOf(itemId: string, viewerId: string | null): Promise<SeriesContext | null> {
    const series = await findSeriesOf(db, itemId);
    if (!series || !canView(series, viewerId)) return null;
    const entries = await listSeriesItems(db, series.series_id);
    const visible = entries.filter((entry) => entry.id === itemId || canView(entry, viewerId));
    return presentSeries(series, visible, itemId);
  }

  async function albumOf(itemId: string, viewerId: string | null): Promise<AlbumContext | null> {
    const album = await findAlbumOf(db, itemId);
    if (!album || !canView(album, viewerId)) return null;
    const episodes = await listAlbumEpisodes(db, album.album_id);
    const visible = episodes.filter((entry) => entry.id === itemId || canView(entry, viewerId));
    return presentAlbum(album, visible, itemId);
  }

  async function details(itemId: string, viewerId: string | null): Promise<VideoDetails> {
    const row = await findVideoItem(db, itemId);
    if (!row || !PLAYABLE.includes(row.item_type) || !canView(row, viewerId)) {
      throw notFound(videoMessages.notFound);
    }
    const ready = row.media_state === 'ready' && videoDirName(row.id, row.package_dir) !== null;
    const [tags, resource, series, album] = await Promise.all([
      listItemTags(db, itemId),
      resourceFor(row, viewerId),
      seriesOf(itemId, viewerId),
      albumOf(itemId, viewerId),
    ]);
    const followsAuthor = viewerId !== null && (await isFollowing(db, viewerId, row.user_id));
    const reactions =
      viewerId === null ? NO_REACTIONS : await findViewerReactions(db, itemId, viewerId);
    return presentVideoDetails({
      // A ready package, but the preview this viewer is limited to is still being cut.
      row: resource === null && ready ? { ...row, media_state: 'processing' } : row,
      tags,
      resource,
      series,
      album,
      followsAuthor,
      reactions,
    });
  }

  /** The item a mix id plays: itself, or the named child, else the first child, of a collection. */
  async function resolveMix(
    mixId: string,
    childId: string | undefined,
    viewerId: string | null,
  ): Promise<{ itemType: number; playId: string }> {
    const mix = await findViewableItem(db, mixId, viewerId);
    if (!mix) throw notFound(videoMessages.notFound);
    if (PLAYABLE.includes(mix.item_type)) return { itemType: mix.item_type, playId: mixId };
    const children =
      mix.item_type === ItemType.Album
        ? await listAlbumEpisodes(db, mixId)
        : await listSeriesItems(db, mixId);
    const viewable = children.filter((child) => canView(child, viewerId));
    const chosen =
      childId && childId !== mixId ? viewable.find((child) => child.id === childId) : viewable[0];
    if (!chosen) throw notFound(videoMessages.notFound);
    return { itemType: mix.item_type, playId: chosen.id };
  }

  async function mixInformation(
    mixId: string,
    childId: string | undefined,
    viewerId: string | null,
  ): Promise<MixInformation> {
    const { itemType, playId } = await resolveMix(mixId, childId, viewerId);
    return presentMixInformation(mixId, itemType, await details(playId, viewerId));
  }

  return {
    details,
    mixInformation,

    /** What a visitor's frame plays of the mix (decision 057): what the video page plays them. */
    async iframeAccessibility(mixId: string): Promise<IframeAccessibility> {
      const { details: played } = await mixInformation(mixId, undefined, null);
      const resource = played.video_resource;
      const playback: EmbedPlayback =
        resource === null ? 'unavailable' : resource.preview ? 'preview' : 'full';
      return {
        mix_id: mixId,
        item_id: played.item_id,
        embeddable: playback !== 'unavailable',
        playback,
        iframe_path: embedPath(mixId),
      };
    },

    async refresh(token: string, viewerId: string | null): Promise<VideoResource> {
      const check = checkRefreshToken(secret, token, Math.floor(now() / 1000));
      if (check.state === 'bad') throw invalid(videoMessages.refreshTokenInvalid, 'refreshToken');
      if (check.state === 'expired') throw forbidden(videoMessages.refreshTokenExpired);
      const row = await findVideoItem(db, check.itemId);
      if (!row || !canView(row, viewerId)) throw notFound(videoMessages.notFound);
      const resource = await resourceFor(row, viewerId);
      if (!resource) throw notFound(videoMessages.mediaNotReady);
      return resource;
    },

    async preview(itemId: string, viewerId: string | null): Promise<PreviewVideo> {
      const row = await findVideoItem(db, itemId);
      if (!row || !PLAYABLE.includes(row.item_type) || !canView(row, viewerId)) {
        throw notFound(videoMessages.notFound);
      }
      if (row.media_state !== 'ready' || !row.preview_uri) {
        throw notFound(videoMessages.noPreview);
      }
      const renditions = await listRenditions(db, itemId);
      const largest = renditions
        .filter((rendition) => rendition.kind === 'video' && rendition.hfr_variant === 0)
        .at(-1);
      return presentPreview(itemId, row.preview_uri, row.duration_ms, previewSize(largest));
    },
  };
}
export type VideoService = ReturnType<typeof createVideoService>;
