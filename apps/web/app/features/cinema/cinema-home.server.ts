import type { MelonClient } from '@melon/shared/client/client';
import {
  getCinemaClusters,
  getCinemaFeed,
  getMaterialConfig,
  getYBanner,
} from '@melon/shared/calls/cinema.calls';
import type { CinemaClip } from '@melon/shared/contracts/cinema';
import { CLIP_ROW_SIZE, ROW_SIZE } from './constants.ts';

/** The whole cinema (the feed calls' channelId for every category at once). */
const WHOLE_CINEMA = '0';

/**
 * What the cinema home shows, in one round of calls: the carousel, the entry tiles, a row per
 * category (cluster) and the newest clips of albums (the cinema feed's short videos).
 */
export async function loadCinemaHome(client: MelonClient) {
  const [banners, materials, clusters, clipFeed] = await Promise.all([
    client.call(getYBanner),
    client.call(getMaterialConfig, { channelId: WHOLE_CINEMA }),
    client.call(getCinemaClusters, { count: ROW_SIZE }),
    client.call(getCinemaFeed, { channelId: WHOLE_CINEMA, type: 'svideo', count: CLIP_ROW_SIZE }),
  ]);
  const clips: CinemaClip[] = clipFeed.videoFeed.flatMap((cell) =>
    cell.kind === 'clip' ? [cell.clip] : [],
  );
  return {
    banners: banners.banners,
    materials: materials.materials,
    clusters: clusters.clusters,
    clips,
  };
}

export type CinemaHomeData = Awaited<ReturnType<typeof loadCinemaHome>>;
