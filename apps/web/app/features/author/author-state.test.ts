import { describe, expect, it } from 'vitest';
import type { AuthorHomeAnswer } from '@melon/shared/contracts/author';
import { authorTabPath, toAuthorHomeState, toSeriesData, toUserDetail } from './author-state.ts';

const userInfo = {
  user_id: '7300000000000000001',
  name: '作者',
  description: '简介',
  avatar_url: '/media/a.webp',
  followers_count: 12_345,
  following_count: 6,
  follow: true,
  user_auth_info: null,
  video_count: 3,
  is_self: false,
};

describe('the author page state (SPEC §3 names from the calls’ source names)', () => {
  it('maps the user detail: avatar from avatar_url, enableTabs from tab_list', () => {
    const detail = toUserDetail({ user_info: userInfo, tab_list: ['home', 'video', 'shop'] });
    expect(detail).toEqual({
      userInfo: {
        name: '作者',
        description: '简介',
        avatar: '/media/a.webp',
        followersCount: 12_345,
        followingCount: 6,
        user_id: '7300000000000000001',
        follow: true,
        user_auth_info: null,
        isSelf: false,
      },
      enableTabs: ['home', 'video'],
      hotPersonList: [],
    });
  });

  it('maps series data: hasMore from HasMore, nextCursor from NextCursor', () => {
    expect(toSeriesData({ series_list: [], HasMore: true, NextCursor: '20' })).toEqual({
      series_list: [],
      hasMore: true,
      nextCursor: '20',
    });
  });

  it('maps the author home state', () => {
    const page = { list: [], hasMore: false, offset: 0 };
    const home: AuthorHomeAnswer = {
      user_info: userInfo,
      tab_list: ['home'],
      live_video: null,
      videos: {
        videoList: [],
        hasMore: true,
        maxTime: 0,
        offset: 0,
        cursor: '1_7300000000000000002',
      },
      hotsoon_videos: { data: [], hasMore: false, offset: 0, cursor: '' },
      hot_videos: [],
      SeriesList: page,
      pseries_list: page,
    };
    expect(toAuthorHomeState(home)).toEqual({
      inited: true,
      liveVideo: null,
      videos: { videoList: [], hasMore: true, loading: false, cursor: '1_7300000000000000002' },
      hotsoonVideos: { videoList: [], hasMore: false, loading: false, cursor: '' },
      seriesVideos: page,
      hotVideos: [],
      pseriesList: page,
    });
  });

  it('places each tab at its SPEC §2 address', () => {
    expect(authorTabPath('42', 'home')).toBe('/home/42/');
    expect(authorTabPath('42', 'video')).toBe('/home/42/video');
    expect(authorTabPath('42', 'series', '7300000000000000009')).toBe(
      '/home/42/series/7300000000000000009',
    );
  });
});
