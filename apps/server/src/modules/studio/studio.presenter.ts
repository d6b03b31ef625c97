import { toSeconds } from '@melon/shared/format/timestamp';
import type { StudioVideo, StudioVideoDetail } from '@melon/shared/contracts/studio';
import { coverUrl } from '../../storage/media-url.ts';
import { presentStoryboard } from '../video/video.presenter.ts';
import { studioMessages as t } from './studio.messages.ts';
import type { StudioVideoDetailRow, StudioVideoRow } from './studio.repository.ts';

export function presentStudioVideo(row: StudioVideoRow): StudioVideo {
  const state = row.media_state ?? 'ready';
  return {
    item_id: row.id,
    title: row.title,
    cover_url: coverUrl(row),
    duration: row.duration_ms / 1000,
    publish_time: toSeconds(row.publish_time),
    visibility: row.visibility,
    state,
    state_message: state === 'failed' ? (row.media_error ?? t.failed) : '',
    play_count: row.play_count,
    digg_count: row.digg_count,
    comment_count: row.comment_count,
    danmaku_count: row.danmaku_count,
  };
}

export function presentStudioVideoDetail(
  row: StudioVideoDetailRow,
  tags: readonly string[],
): StudioVideoDetail {
  return {
    video: presentStudioVideo(row),
    abstract: row.abstract,
    tags: [...tags],
    channel_id: row.channel_id,
    opening_ms: row.opening_ms,
    ending_ms: row.ending_ms,
    storyboard:
      row.media_state === 'ready'
        ? presentStoryboard(row.id, row.derived_dir, row.storyboard)
        : null,
  };
}
