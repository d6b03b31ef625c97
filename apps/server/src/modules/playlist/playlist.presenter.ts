import type { PlaylistSummary } from '@melon/shared/contracts/playlist';
import { toSeconds } from '@melon/shared/format/timestamp';
import { mediaUrlOrEmpty } from '../../storage/media-url.ts';
import type { PlaylistRow } from './playlist.repository.ts';

export function presentPlaylist(row: PlaylistRow): PlaylistSummary {
  return {
    playlist_id: row.id,
    user_id: row.user_id,
    title: row.title,
    description: row.description,
    is_public: row.is_public === 1,
    item_count: row.visible_count ?? 0,
    cover_url: mediaUrlOrEmpty(row.cover_uri),
    update_time: toSeconds(row.updated_at),
  };
}
