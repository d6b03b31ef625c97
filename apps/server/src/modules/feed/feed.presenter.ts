import { ItemType } from '@melon/db/enums';
import type { FeedCell } from '@melon/shared/contracts/feed';
import { mediaUrl, mediaUrlOrEmpty, thumbUrl } from '../../storage/media-url.ts';
import { presentItemCell } from '../item/item-card.presenter.ts';
import type { FeedRow } from './feed.repository.ts';

/** One database row as the feed cell of SPEC §3; `position` is its place in the whole feed. */
export function presentFeedCell(row: FeedRow, position: number, imprId: string): FeedCell {
  return {
    ...presentItemCell(row),
    albumId: row.item_type === ItemType.Album ? row.id : null,
    itemType: row.item_type,
    thumbUrl: thumbUrl(row),
    tag: row.channel_name,
    abstract: row.abstract,
    logPb: { impr_id: imprId, channel_id: String(row.channel_id) },
    preview_url: row.preview_uri ? mediaUrl(row.preview_uri) : null,
    isTop: row.is_top === 1,
    rank: position + 1,
    offset: position,
    videoUserLike: 0,
    userInfo: {
      user_id: row.user_id,
      name: row.user_name,
      avatar_url: mediaUrlOrEmpty(row.user_avatar_url),
      follow: false,
    },
    hideType: row.hide_type,
    co_creators_video_info: [],
    isVr: row.is_vr === 1,
  };
}
