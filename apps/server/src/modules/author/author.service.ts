import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { SeriesKind } from '@melon/db/enums';
import {
  AUTHOR_HOME_SHELF,
  type AuthorHomeAnswer,
  type AuthorRichInfo,
  type HotsoonPage,
  type PagedVideoList,
  type SeriesListAnswer,
  type SeriesPage,
} from '@melon/shared/contracts/author';
import { toSeconds } from '@melon/shared/format/timestamp';
import { notFound } from '../../lib/domain-error.ts';
import { readPage } from '../../lib/newest-first.ts';
import { isFollowing } from '../follow/follow.repository.ts';
import type { ViewerId } from '../item/item.policy.ts';
import { authorMessages as t } from './author.messages.ts';
import {
  authorCursorAfter,
  parseAuthorCursor,
  presentAuthorUserInfo,
  presentHotsoonCell,
  presentSeriesPage,
  presentSeriesSummary,
  presentTabList,
} from './author.presenter.ts';
import {
  type AuthorListKind,
  type AuthorRow,
  findAuthor,
  listAuthorItems,
  listHotItems,
} from './author.repository.ts';
import { listAuthorSeries } from './author-series.repository.ts';
import { presentVideoListItem } from '../item/item-card.presenter.ts';

/** Who looks at an author's page: themselves (the profile view), a follower, anyone. */
interface AuthorView {
  author: AuthorRow;
  viewerId: ViewerId;
  isSelf: boolean;
  follows: boolean;
}

export interface CursorPaging {
  cursor?: string | undefined;
  offset?: number | undefined;
  count: number;
}

export function createAuthorService({ db }: { db: Kysely<Database> }) {
  async function viewOf(authorId: string, viewerId: ViewerId): Promise<AuthorView> {
    const author = await findAuthor(db, authorId);
    if (!author) throw notFound(t.unknownAuthor);
    const isSelf = viewerId === authorId;
    const follows = viewerId !== null && !isSelf && (await isFollowing(db, viewerId, authorId));
    return { author, viewerId, isSelf, follows };
  }

  async function videoRows(view: AuthorView, kind: AuthorListKind, paging: CursorPaging) {
    const fetched = await listAuthorItems(db, {
      authorId: view.author.id,
      viewerId: view.viewerId,
      kind,
      cursor: parseAuthorCursor(paging.cursor),
      limit: paging.count,
    });
    const page = readPage(fetched, paging.count, authorCursorAfter);
    return { ...page, offset: (paging.offset ?? 0) + page.rows.length };
  }

  async function videoList(
    view: AuthorView,
    kind: AuthorListKind,
    paging: CursorPaging,
  ): Promise<PagedVideoList> {
    const page = await videoRows(view, kind, paging);
    const last = page.rows.at(-1);
    return {
      videoList: page.rows.map(presentVideoListItem),
      hasMore: page.hasMore,
      maxTime: last ? toSeconds(last.publish_time) : 0,
      offset: page.offset,
      cursor: page.cursor ?? '',
    };
  }

  async function hotsoonPage(view: AuthorView, paging: CursorPaging): Promise<HotsoonPage> {
    const page = await videoRows(view, 'hotsoon', paging);
    return {
      data: page.rows.map((row) => presentHotsoonCell(row, view.follows)),
      hasMore: page.hasMore,
      offset: page.offset,
      cursor: page.cursor ?? '',
    };
  }

  async function hotList(view: AuthorView, offset: number, count: number): Promise<PagedVideoList> {
    const fetched = await listHotItems(db, {
      authorId: view.author.id,
      viewerId: view.viewerId,
      offset,
      limit: count,
    });
    const rows = fetched.slice(0, count);
    const last = rows.at(-1);
    return {
      videoList: rows.map(presentVideoListItem),
      hasMore: fetched.length > count,
      maxTime: last ? toSeconds(last.publish_time) : 0,
      offset: offset + rows.length,
      cursor: '',
    };
  }

  async function seriesPage(
    view: AuthorView,
    kind: SeriesKind,
    offset: number,
    count: number,
  ): Promise<SeriesPage> {
    const fetched = await listAuthorSeries(db, {
      authorId: view.author.id,
      kind,
      viewerId: view.viewerId,
      offset,
      limit: count,
    });
    return presentSeriesPage(fetched, offset, count);
  }

  /** Whether a list has anything the viewer may see: its first entry read alone. */
  async function holdingsOf(view: AuthorView) {
    const [hotsoon, series, pseries] = await Promise.all([
      videoRows(view, 'hotsoon', { count: 0 }),
      seriesPage(view, SeriesKind.Series, 0, 0),
      seriesPage(view, SeriesKind.PSeries, 0, 0),
    ]);
    return {
      videos: true,
      hotsoon: hotsoon.hasMore,
      series: series.hasMore,
      pseries: pseries.hasMore,
    };
  }

  const userInfoOf = (view: AuthorView) =>
    presentAuthorUserInfo(view.author, { follows: view.follows, isSelf: view.isSelf });

  return {
    async richInfo(authorId: string, viewerId: ViewerId): Promise<AuthorRichInfo> {
      const view = await viewOf(authorId, viewerId);
      return { user_info: userInfoOf(view), tab_list: presentTabList(await holdingsOf(view)) };
    },

    /** Whether the signed-in viewer follows the author. */
    follows: (viewerId: string, authorId: string): Promise<boolean> =>
      isFollowing(db, viewerId, authorId),

    async home(authorId: string, viewerId: ViewerId): Promise<AuthorHomeAnswer> {
      const view = await viewOf(authorId, viewerId);
      const shelf = { count: AUTHOR_HOME_SHELF };
      const [videos, hotsoon, hot, series, pseries] = await Promise.all([
        videoList(view, 'video', shelf),
        hotsoonPage(view, shelf),
        hotList(view, 0, AUTHOR_HOME_SHELF),
        seriesPage(view, SeriesKind.Series, 0, AUTHOR_HOME_SHELF),
        seriesPage(view, SeriesKind.PSeries, 0, AUTHOR_HOME_SHELF),
      ]);
      const holdings = {
        videos: true,
        hotsoon: hotsoon.data.length > 0,
        series: series.list.length > 0,
        pseries: pseries.list.length > 0,
      };
      return {
        user_info: userInfoOf(view),
        tab_list: presentTabList(holdings),
        live_video: null,
        videos,
        hotsoon_videos: hotsoon,
        hot_videos: hot.videoList,
        SeriesList: series,
        pseries_list: pseries,
      };
    },

    async videos(authorId: string, viewerId: ViewerId, kind: AuthorListKind, paging: CursorPaging) {
      return videoList(await viewOf(authorId, viewerId), kind, paging);
    },

    async hotsoon(authorId: string, viewerId: ViewerId, paging: CursorPaging) {
      return hotsoonPage(await viewOf(authorId, viewerId), paging);
    },

    async hot(authorId: string, viewerId: ViewerId, offset: number, count: number) {
      return hotList(await viewOf(authorId, viewerId), offset, count);
    },

    async series(
      authorId: string,
      viewerId: ViewerId,
      kind: SeriesKind,
      offset: number,
      count: number,
    ) {
      return seriesPage(await viewOf(authorId, viewerId), kind, offset, count);
    },

    /** series/list: the author's 合集 from a cursor (the count read so far, "0" first). */
    async seriesList(
      authorId: string,
      viewerId: ViewerId,
      cursor: string,
      count: number,
    ): Promise<SeriesListAnswer> {
      const view = await viewOf(authorId, viewerId);
      const offset = Number(cursor);
      const fetched = await listAuthorSeries(db, {
        authorId,
        kind: SeriesKind.Series,
        viewerId: view.viewerId,
        offset,
        limit: count,
      });
      const rows = fetched.slice(0, count);
      return {
        series_list: rows.map(presentSeriesSummary),
        HasMore: fetched.length > count,
        NextCursor: String(offset + rows.length),
      };
    },

    /** Whether the user exists (the calls about a user answer an unknown one with 404). */
    async ensureAuthor(authorId: string): Promise<void> {
      if (!(await findAuthor(db, authorId))) throw notFound(t.unknownAuthor);
    },
  };
}
export type AuthorService = ReturnType<typeof createAuthorService>;
