import {
  getAuthorPseries,
  getAuthorSeries,
  getPseriesInfo,
  getSeriesInfo,
  getSeriesItems,
} from '@melon/shared/calls/series.calls';
import type { SeriesInfo, SeriesPage, VideoListItem } from '@melon/shared/contracts/author';
import { isMixId } from '@melon/shared/ids/id-rules';
import type { MelonClient } from '@melon/shared/client/client';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';

export type SeriesTabKind = 'series' | 'pseries';

/** One series opened on the tab: its summary and its entries in order. */
export interface OpenedSeries {
  info: SeriesInfo;
  items: VideoListItem[];
}

export type SeriesTabData =
  | { kind: SeriesTabKind; userId: string; opened: null; first: SeriesPage }
  | { kind: SeriesTabKind; userId: string; opened: OpenedSeries; first: null };

/** The series or pseries tab: the author's list, or the one series `detailsId` names. */
export async function loadSeriesTab(
  client: MelonClient,
  kind: SeriesTabKind,
  userId: string,
  detailsId: string | undefined,
): Promise<SeriesTabData> {
  if (detailsId === undefined) {
    const call = kind === 'series' ? getAuthorSeries : getAuthorPseries;
    const first = await client.call(call, { to_user_id: userId }).catch(rethrowNotFound);
    return { kind, userId, opened: null, first };
  }
  if (!isMixId(detailsId)) notFound();
  const opened = await (
    kind === 'series' ? openSeries(client, detailsId) : openPseries(client, detailsId)
  ).catch(rethrowNotFound);
  // A series of another author is not this page's: its own author's page shows it.
  if (opened.info.user_id !== userId) notFound();
  return { kind, userId, opened, first: null };
}

async function openSeries(client: MelonClient, seriesId: string): Promise<OpenedSeries> {
  const [info, items] = await Promise.all([
    client.call(getSeriesInfo, { SeriesID: seriesId }),
    client.call(getSeriesItems, { SeriesID: seriesId, Cursor: '0' }),
  ]);
  return { info, items: items.series_list };
}

async function openPseries(client: MelonClient, pseriesId: string): Promise<OpenedSeries> {
  const answer = await client.call(getPseriesInfo, { pseries_id: pseriesId, newVersion: '1' });
  return { info: answer.info, items: answer.list };
}
