import type {
  AuthorHomeAnswer,
  AuthorRichInfo,
  AuthorTab,
  HotsoonCell,
  PagedVideoList,
  SeriesListAnswer,
  SeriesPage,
  SeriesSummary,
  VideoListItem,
} from '@melon/shared/contracts/author';
import { isAuthorTab } from '@melon/shared/contracts/author';

/*
 * The page's state by the SPEC §3 names, from the calls' answers, which carry the source names
 * the spec maps from (decision 043): avatar from avatar_url, enableTabs from tab_list,
 * preview_series from SeriesList, hasMore from HasMore, nextCursor from NextCursor.
 */

/** SPEC §3 user detail's userInfo. */
export interface AuthorInfo {
  name: string;
  description: string;
  avatar: string;
  followersCount: number;
  followingCount: number;
  user_id: string;
  follow: boolean;
  user_auth_info: Record<string, unknown> | null;
  /** The viewer is this author: the profile view rather than the public (pgc) one. */
  isSelf: boolean;
}

/** SPEC §3 series data: the series_list paged by a cursor that starts at "0". */
export interface SeriesData<T> {
  series_list: T[];
  hasMore: boolean;
  nextCursor: string;
}

/** SPEC §3 user detail (what the author page's frame holds). */
export interface UserDetail {
  userInfo: AuthorInfo;
  enableTabs: AuthorTab[];
  hotPersonList: never[];
}

/** SPEC §3 user video list (videoData, hotsoonData): loading until the first data. */
export interface UserVideoList<T> {
  videoList: T[];
  hasMore: boolean;
  loading: boolean;
  cursor: string;
}

/** SPEC §3 author home state. */
export interface AuthorHomeState {
  inited: boolean;
  liveVideo: null;
  videos: UserVideoList<VideoListItem>;
  hotsoonVideos: UserVideoList<HotsoonCell>;
  seriesVideos: SeriesPage;
  hotVideos: VideoListItem[];
  pseriesList: SeriesPage;
}

export function toUserDetail(info: AuthorRichInfo): UserDetail {
  const user = info.user_info;
  return {
    userInfo: {
      name: user.name,
      description: user.description,
      avatar: user.avatar_url,
      followersCount: user.followers_count,
      followingCount: user.following_count,
      user_id: user.user_id,
      follow: user.follow,
      user_auth_info: user.user_auth_info,
      isSelf: user.is_self,
    },
    enableTabs: info.tab_list.filter(isAuthorTab),
    hotPersonList: [],
  };
}

export function toVideoData(page: PagedVideoList): UserVideoList<VideoListItem> {
  return { videoList: page.videoList, hasMore: page.hasMore, loading: false, cursor: page.cursor };
}

export function toAuthorHomeState(home: AuthorHomeAnswer): AuthorHomeState {
  return {
    inited: true,
    liveVideo: home.live_video,
    videos: toVideoData(home.videos),
    hotsoonVideos: {
      videoList: home.hotsoon_videos.data,
      hasMore: home.hotsoon_videos.hasMore,
      loading: false,
      cursor: home.hotsoon_videos.cursor,
    },
    seriesVideos: home.SeriesList,
    hotVideos: home.hot_videos,
    pseriesList: home.pseries_list,
  };
}

export function toSeriesData(answer: SeriesListAnswer): SeriesData<SeriesSummary> {
  return {
    series_list: answer.series_list,
    hasMore: answer.HasMore,
    nextCursor: answer.NextCursor,
  };
}

/** Where a tab of the author's page lives (SPEC §2): the home tab is the page itself. */
export function authorTabPath(userId: string, tab: AuthorTab, detailsId?: string): string {
  const base = `/home/${userId}/`;
  if (tab === 'home') return base;
  return detailsId ? `${base}${tab}/${detailsId}` : `${base}${tab}`;
}
