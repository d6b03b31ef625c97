import type { MelonClient } from '@melon/shared/client/client';
import { getAlbumDetails } from '@melon/shared/calls/cinema.calls';
import type { AlbumDetails } from '@melon/shared/contracts/cinema';

/** The blocks the video page shows of an album: its information and every episode. */
const VIDEO_PAGE_BLOCKS = 'info,episodes';

/**
 * The album an episode plays in, for the video page's album panel; null when it cannot be read
 * (the page then lists the episodes from the video details alone).
 */
export async function loadAlbumDetails(
  client: MelonClient,
  albumId: string,
): Promise<AlbumDetails | null> {
  try {
    return await client.call(getAlbumDetails, { album_id: albumId, block_ids: VIDEO_PAGE_BLOCKS });
  } catch (error) {
    console.error('melon web: album details failed', error);
    return null;
  }
}
