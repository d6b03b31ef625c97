import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType } from '@melon/db/enums';
import type {
  AlbumContext,
  MixInformation,
  PreviewVideo,
  SeriesContext,
  VideoDetails,
  VideoResource,
} from '@melon/shared/contracts/video';
import { forbidden, invalid, notFound } from '../../lib/domain-error.ts';
import { canView } from '../item/item.policy.ts';
import { findViewableItem } from '../item/item.service.ts';
import { videoDirName } from '../media/media-url.ts';
import {
  checkRefreshToken,
  makeRefreshToken,
  MEDIA_URL_TTL_S,
  REFRESH_TOKEN_TTL_S,
  signedDir,
  signMediaDir,
} from '../media/signed-url.ts';
import { videoMessages } from './video.messages.ts';
import {
  presentAlbum,
  presentMixInformation,
  presentPreview,
  presentSeries,
  presentVideoDetails,
  presentVideoResource,
  previewSize,
  type ResourceMedia,
} from './video.presenter.ts';
import {
  findAlbumOf,
  findSeriesOf,
  findVideoItem,
  listAlbumEpisodes,
  listItemTags,
  listRenditions,
  listSeriesItems,
} from './video.repository.ts';
import { isFollowing } from '../follow/follow.repository.ts';
import { findViewerReactions, NO_REACTIONS } from '../favorite/favorite.repository.ts';

/**
 * Expiries are rounded up to this step so that every page view within it gets the same URLs:
 * the browser's and any CDN's cache of the immutable segments then keeps hitting.
 */
export const EXPIRY_STEP_S = 15 * 60;

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

  function sign(itemId: string, packageName: string) {
    const nowS = Math.floor(now() / 1000);
    const expires = Math.ceil((nowS + MEDIA_URL_TTL_S) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
    return {
      expires,
      sig: signMediaDir(secret, signedDir(itemId, packageName), expires),
      refreshToken: makeRefreshToken(secret, itemId, nowS + REFRESH_TOKEN_TTL_S),
    };
  }

  async function resourceOf(media: ResourceMedia): Promise<VideoResource> {
    const renditions = await listRenditions(db, media.itemId);
    return presentVideoResource(media, renditions, sign(media.itemId, media.packageName));
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
    const packageName = videoDirName(row.id, row.package_dir);
    const ready = row.media_state === 'ready' && packageName !== null;
    const [tags, resource, series, album] = await Promise.all([
      listItemTags(db, itemId),
      ready
        ? resourceOf({
            itemId,
            packageName,
            durationMs: row.duration_ms,
            maxFps: row.max_fps ?? 0,
          })
        : null,
      seriesOf(itemId, viewerId),
      albumOf(itemId, viewerId),
    ]);
    const followsAuthor = viewerId !== null && (await isFollowing(db, viewerId, row.user_id));
    const reactions =
      viewerId === null ? NO_REACTIONS : await findViewerReactions(db, itemId, viewerId);
    return presentVideoDetails({
      row,
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

  return {
    details,

    async mixInformation(
      mixId: string,
      childId: string | undefined,
      viewerId: string | null,
    ): Promise<MixInformation> {
      const { itemType, playId } = await resolveMix(mixId, childId, viewerId);
      return presentMixInformation(mixId, itemType, await details(playId, viewerId));
    },

    async refresh(token: string, viewerId: string | null): Promise<VideoResource> {
      const check = checkRefreshToken(secret, token, Math.floor(now() / 1000));
      if (check.state === 'bad') throw invalid(videoMessages.refreshTokenInvalid, 'refreshToken');
      if (check.state === 'expired') throw forbidden(videoMessages.refreshTokenExpired);
      const row = await findVideoItem(db, check.itemId);
      if (!row || !canView(row, viewerId)) throw notFound(videoMessages.notFound);
      const packageName = videoDirName(check.itemId, row.package_dir);
      if (row.media_state !== 'ready' || !packageName) {
        throw notFound(videoMessages.mediaNotReady);
      }
      return resourceOf({
        itemId: check.itemId,
        packageName,
        durationMs: row.duration_ms,
        maxFps: row.max_fps ?? 0,
      });
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
