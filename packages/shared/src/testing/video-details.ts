import type { VideoDetails } from '../contracts/video.ts';

/**
 * A ready item's details as getVideoDetails gives them, for tests of code that reads
 * them: a plain 10-second item with no video resource, storyboard, series or album unless the
 * test gives them.
 */
export function videoDetails(overrides: Partial<VideoDetails> = {}): VideoDetails {
  return {
    group_id: '7000000000000000001',
    item_id: '7000000000000000001',
    item_type: 0,
    title: '标题',
    abstract: '',
    publish_time: 1_700_000_000,
    duration: 10,
    play_count: 0,
    digg_count: 0,
    comment_count: 0,
    favorite_count: 0,
    danmaku_count: 0,
    user_digg: false,
    user_favorite: false,
    cover_url: '',
    cover_middle_url: '',
    tag: '',
    tags: [],
    user_info: {
      user_id: '1',
      name: '作者',
      avatar_url: '',
      description: '',
      followers_count: 0,
      video_count: 0,
      follow: false,
      user_auth_info: null,
    },
    channel: null,
    is_vr: false,
    status: 'ready',
    status_message: '',
    video_resource: null,
    storyboard: null,
    preview_url: null,
    series: null,
    album: null,
    opening_ms: null,
    ending_ms: null,
    ...overrides,
  };
}
