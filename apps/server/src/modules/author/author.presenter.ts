import type {
  AuthorHomeAnswer,
  AuthorUserInfo,
  HotsoonCell,
  SeriesPage,
  SeriesSummary,
} from '@melon/shared/contracts/author';
import { AUTHOR_TABS, type AuthorTab } from '@melon/shared/contracts/author';
import { toSeconds } from '@melon/shared/format/timestamp';
import { parseUserAuthInfo } from '../../lib/user-auth-info.ts';
import { type ListPosition, parsePositionCursor, positionCursor } from '../../lib/newest-first.ts';
import { coverUrl, mediaUrlOrEmpty } from '../../storage/media-url.ts';
import { presentItemCell, type VideoListRow } from '../item/item-card.presenter.ts';
import { isSelfOnly } from '../item/item-listing.ts';
import type { AuthorRow } from './author.repository.ts';
import type { SeriesSummaryRow } from './author-series.repository.ts';

/** The address of an author's page (SPEC §2). */
export const authorWebUrl = (userId: string): string => `/home/${userId}/`;

export function presentAuthorUserInfo(
  author: AuthorRow,
  viewer: { follows: boolean; isSelf: boolean },
): AuthorUserInfo {
  return {
    user_id: author.id,
    name: author.name,
    description: author.description,
    avatar_url: mediaUrlOrEmpty(author.avatar_url),
    followers_count: author.followers_count,
    following_count: author.following_count,
    follow: viewer.follows,
    user_auth_info: parseUserAuthInfo(author.user_auth_info),
    video_count: author.video_count,
    is_self: viewer.isSelf,
  };
}

/**
 * The home everyone but its author sees, as a follower of the author sees it: the same page with
 * the follow flags set (its only fields that differ, decision 072).
 */
export function homeAsFollowerSees(home: AuthorHomeAnswer): AuthorHomeAnswer {
  return {
    ...home,
    user_info: { ...home.user_info, follow: true },
    hotsoon_videos: {
      ...home.hotsoon_videos,
      data: home.hotsoon_videos.data.map((cell) => ({ ...cell, is_following: true })),
    },
  };
}

/** What the author has to show, per tab: the tabs their page lists (`tab_list`). */
export interface AuthorHoldings {
  videos: boolean;
  hotsoon: boolean;
  series: boolean;
  pseries: boolean;
}

/**
 * The tabs of the author's page: home and videos always (an empty list says so), the short
 * videos, series and pseries tabs when there is something in them, live never (no rooms yet).
 */
export function presentTabList(holdings: AuthorHoldings): AuthorTab[] {
  const shown: Record<AuthorTab, boolean> = {
    home: true,
    video: true,
    hotsoon: holdings.hotsoon,
    series: holdings.series,
    pseries: holdings.pseries,
    live: false,
  };
  return AUTHOR_TABS.filter((tab) => shown[tab]);
}

export function presentHotsoonCell(row: VideoListRow, viewerFollows: boolean): HotsoonCell {
  return {
    ...presentItemCell(row),
    tag: row.channel_name,
    logPb: { impr_id: row.id },
    is_following: viewerFollows,
    comment_count: row.comment_count,
    self_only: isSelfOnly(row.visibility),
  };
}

export function presentSeriesSummary(row: SeriesSummaryRow): SeriesSummary {
  return {
    series_id: row.series_id,
    item_type: row.item_type,
    title: row.title,
    description: row.abstract,
    cover_url: coverUrl(row),
    item_count: row.item_count ?? 0,
    play_count: row.play_count,
    update_time: toSeconds(row.updated_at),
    user_id: row.user_id,
    self_only: isSelfOnly(row.visibility),
  };
}

/** Of the `limit + 1` series read from `offset`: the page. */
export function presentSeriesPage(
  fetched: readonly SeriesSummaryRow[],
  offset: number,
  limit: number,
): SeriesPage {
  const rows = fetched.slice(0, limit);
  return {
    list: rows.map(presentSeriesSummary),
    hasMore: fetched.length > limit,
    offset: offset + rows.length,
  };
}

/** The cursor of an author list after `row`: its publish time (ms) and id. */
export const authorCursorAfter = (row: Pick<VideoListRow, 'publish_time' | 'id'>): string =>
  positionCursor({ time: row.publish_time, id: row.id }, '_');

export const parseAuthorCursor = (cursor: string | undefined): ListPosition | undefined =>
  cursor === undefined ? undefined : parsePositionCursor(cursor, '_');
