import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { SeriesKind } from '@melon/db/enums';
import type { SeriesInfo, SeriesItemsAnswer, VideoListItem } from '@melon/shared/contracts/author';
import { notFound } from '../../lib/domain-error.ts';
import { presentSeriesSummary } from '../author/author.presenter.ts';
import { seriesSummaries } from '../author/author-series.repository.ts';
import { presentVideoListItem } from '../item/item-card.presenter.ts';
import { canView, type ViewerId } from '../item/item.policy.ts';
import { findViewableItem } from '../item/item.service.ts';
import { mediaUrlOrEmpty } from '../../storage/media-url.ts';
import { seriesMessages as t } from './series.messages.ts';
import {
  findPseriesIdOf,
  findSeries,
  listSeriesEntries,
  type SeriesRow,
} from './series.repository.ts';

interface EntriesPage {
  list: VideoListItem[];
  hasMore: boolean;
  offset: number;
}

/**
 * Series (合集) and pseries (decision 044): found through the item policy (a hidden series is an
 * unknown one), their entries in order, each entry kept to the policy too.
 */
export function createSeriesService({ db }: { db: Kysely<Database> }) {
  /** The series when the viewer may see it and it is of the kind asked; else not found. */
  async function viewable(seriesId: string, viewerId: ViewerId, kind?: SeriesKind) {
    const series = await findSeries(db, seriesId);
    const visible =
      series !== undefined &&
      (kind === undefined || series.kind === kind) &&
      canView({ ...series, media_state: null }, viewerId);
    if (!visible) throw notFound(kind === SeriesKind.PSeries ? t.unknownPseries : t.unknownSeries);
    return series;
  }

  async function summaryOf(seriesId: string, viewerId: ViewerId) {
    const row = await seriesSummaries(db, viewerId)
      .where('s.item_id', '=', seriesId)
      .executeTakeFirstOrThrow();
    return presentSeriesSummary(row);
  }

  async function info(series: SeriesRow, viewerId: ViewerId): Promise<SeriesInfo> {
    return {
      ...(await summaryOf(series.series_id, viewerId)),
      user_info: {
        user_id: series.user_id,
        name: series.user_name,
        avatar_url: mediaUrlOrEmpty(series.user_avatar_url),
      },
    };
  }

  async function entries(
    series: SeriesRow,
    viewerId: ViewerId,
    offset: number,
    count: number,
  ): Promise<EntriesPage> {
    const fetched = await listSeriesEntries(db, {
      seriesId: series.series_id,
      viewerId,
      offset,
      limit: count,
    });
    const rows = fetched.slice(0, count);
    return {
      list: rows.map(presentVideoListItem),
      hasMore: fetched.length > count,
      offset: offset + rows.length,
    };
  }

  return {
    async info(seriesId: string, viewerId: ViewerId): Promise<SeriesInfo> {
      return info(await viewable(seriesId, viewerId), viewerId);
    },

    /** list/series_items: from `cursor` (the entries read so far, "0" first). */
    async items(
      seriesId: string,
      viewerId: ViewerId,
      cursor: string,
      count: number,
    ): Promise<SeriesItemsAnswer> {
      const series = await viewable(seriesId, viewerId);
      const page = await entries(series, viewerId, Number(cursor), count);
      return { series_list: page.list, HasMore: page.hasMore, NextCursor: String(page.offset) };
    },

    /** get_pseries: the pseries the video is in, null when none (or hidden from the viewer). */
    async pseriesOf(itemId: string, viewerId: ViewerId) {
      if (!(await findViewableItem(db, itemId, viewerId))) throw notFound(t.unknownVideo);
      const pseriesId = await findPseriesIdOf(db, itemId);
      const series = pseriesId === undefined ? undefined : await findSeries(db, pseriesId);
      if (!series || !canView({ ...series, media_state: null }, viewerId)) return { pseries: null };
      return { pseries: await summaryOf(series.series_id, viewerId) };
    },

    async pseriesInfo(pseriesId: string, viewerId: ViewerId, count: number) {
      const series = await viewable(pseriesId, viewerId, SeriesKind.PSeries);
      const [summary, page] = await Promise.all([
        info(series, viewerId),
        entries(series, viewerId, 0, count),
      ]);
      return { info: summary, ...page };
    },

    async pseriesMore(pseriesId: string, viewerId: ViewerId, offset: number, count: number) {
      const series = await viewable(pseriesId, viewerId, SeriesKind.PSeries);
      return entries(series, viewerId, offset, count);
    },
  };
}
