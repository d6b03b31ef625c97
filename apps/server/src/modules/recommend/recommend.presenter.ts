import type { RelatedVideo } from '@melon/shared/contracts/recommend';
import { toSeconds } from '@melon/shared/format/timestamp';
import { coverUrl, thumbUrl } from '../../storage/media-url.ts';
import type { CardRow } from './recommend.repository.ts';

/** One related video as the SPEC §3 'Video list item'. */
export function presentRelatedVideo(row: CardRow): RelatedVideo {
  return {
    videoId: row.id,
    group_id_str: row.id,
    title: row.title,
    videoImage: coverUrl(row),
    thumbUrl: thumbUrl(row),
    duration: row.duration_ms / 1000,
    publish_time: toSeconds(row.publish_time),
    video_watch_count: row.play_count,
    comment_count: row.comment_count,
    tag: row.channel_name,
    user_info: { user_id: row.user_id, name: row.user_name },
  };
}
