import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { inTransaction } from '@melon/db/in-transaction';
import { lockUser } from '@melon/db/lock-user';
import {
  type CreateStudioSeriesBody,
  STUDIO_SERIES_MAX_PER_USER,
  type StudioSeries,
  type StudioSeriesPage,
  type UpdateStudioSeriesBody,
} from '@melon/shared/contracts/studio-series';
import { conflict, forbidden, invalid, notFound } from '../../lib/domain-error.ts';
import { presentVideoListItem } from '../item/item-card.presenter.ts';
import { findViewableItem } from '../item/item.service.ts';
import { coverUrl } from '../../storage/media-url.ts';
import { indexItem, removeItem } from '../search-index/search-index.service.ts';
import {
  deleteSeries,
  findSeriesOwner,
  findVideos,
  firstChannelId,
  insertSeries,
  listAllEntries,
  listOwnSeries,
  listOwnVideos,
  type OwnSeriesRow,
  replaceEntries,
  updateSeriesItem,
} from './studio-series.repository.ts';
import { studioSeriesMessages as t } from './studio-series.messages.ts';

interface Deps {
  db: Kysely<Database>;
  newId: () => string;
}

type Db = Kysely<Database>;
type Video = Awaited<ReturnType<typeof findVideos>>[number];

const NO_COVER = { cover_large_uri: '', cover_middle_uri: '' };
const coverOf = (video: Video | undefined) =>
  video
    ? { cover_large_uri: video.cover_large_uri, cover_middle_uri: video.cover_middle_uri }
    : NO_COVER;

/**
 * The series manager (decision 046): an author's 合集 and pseries. Every write runs in one
 * transaction holding the author's row, so two writes of one author (two tabs reordering) run
 * one after the other and each leaves whole positions 1…n; the public series calls read the
 * same rows, so they show the new order at once.
 */
export function createStudioSeriesService({ db, newId }: Deps) {
  /** The videos, in the given order, when all are the author's own (else 403, or 404). */
  async function ownVideos(trx: Db, userId: string, itemIds: readonly string[]) {
    const found = new Map((await findVideos(trx, itemIds)).map((video) => [video.id, video]));
    const videos: Video[] = [];
    for (const id of itemIds) {
      const video = found.get(id);
      if (video?.user_id === userId) {
        videos.push(video);
        continue;
      }
      // Another's video the author may see is refused; one they may not is not there at all.
      const seen = video !== undefined && (await findViewableItem(trx, id, userId));
      throw seen ? forbidden(t.notOwnVideo) : notFound(t.unknownVideo);
    }
    return videos;
  }

  /** The cover the series shows: the chosen video's (one of `videos`), else the first's. */
  function pickCover(videos: readonly Video[], coverItemId: string | undefined) {
    if (coverItemId === undefined) return coverOf(videos[0]);
    const video = videos.find((entry) => entry.id === coverItemId);
    if (!video) throw invalid(t.coverNotInSeries, 'cover_item_id');
    return coverOf(video);
  }

  /** Runs a change of the author's own series; another's is refused, an unknown one not found. */
  async function changeOwn(userId: string, seriesId: string, change: (trx: Db) => Promise<void>) {
    await inTransaction(db, async (trx) => {
      await lockUser(trx, userId);
      const series = await findSeriesOwner(trx, seriesId);
      if (!series) throw notFound(t.unknownSeries);
      if (series.user_id !== userId) throw forbidden(t.notOwner);
      await change(trx);
    });
  }

  async function present(rows: readonly OwnSeriesRow[]): Promise<StudioSeries[]> {
    const entries = await listAllEntries(
      db,
      rows.map((row) => row.series_id),
    );
    return rows.map((row) => ({
      series_id: row.series_id,
      kind: row.kind,
      title: row.title,
      description: row.abstract,
      cover_url: coverUrl(row),
      items: entries.filter((entry) => entry.series_id === row.series_id).map(presentVideoListItem),
    }));
  }

  async function one(userId: string, seriesId: string): Promise<StudioSeries> {
    const rows = await listOwnSeries(db, userId);
    const [series] = await present(rows.filter((row) => row.series_id === seriesId));
    if (!series) throw notFound(t.unknownSeries);
    return series;
  }

  const title = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === '') throw invalid(t.emptyTitle, 'title');
    return trimmed;
  };

  return {
    async page(userId: string): Promise<StudioSeriesPage> {
      const [rows, videos] = await Promise.all([
        listOwnSeries(db, userId),
        listOwnVideos(db, userId),
      ]);
      return { series: await present(rows), videos: videos.map(presentVideoListItem) };
    },

    async create(userId: string, body: CreateStudioSeriesBody): Promise<StudioSeries> {
      const name = title(body.title);
      const id = newId();
      await inTransaction(db, async (trx) => {
        await lockUser(trx, userId);
        if ((await listOwnSeries(trx, userId)).length >= STUDIO_SERIES_MAX_PER_USER) {
          throw conflict(t.tooManySeries(STUDIO_SERIES_MAX_PER_USER), 'title');
        }
        const videos = await ownVideos(trx, userId, body.item_ids ?? []);
        const now = Date.now();
        await insertSeries(
          trx,
          {
            id,
            userId,
            kind: body.kind,
            title: name,
            description: body.description?.trim() ?? '',
            channelId: videos[0]?.channel_id ?? (await firstChannelId(trx)),
            cover: pickCover(videos, body.cover_item_id),
          },
          now,
        );
        await replaceEntries(
          trx,
          id,
          videos.map((video) => video.id),
        );
        await indexItem(trx, id);
      });
      return one(userId, id);
    },

    async update(userId: string, body: UpdateStudioSeriesBody): Promise<StudioSeries> {
      const name = title(body.title);
      await changeOwn(userId, body.series_id, async (trx) => {
        const entries = await listAllEntries(trx, [body.series_id]);
        const members = await findVideos(
          trx,
          entries.map((entry) => entry.id),
        );
        const cover =
          body.cover_item_id === undefined ? undefined : pickCover(members, body.cover_item_id);
        await updateSeriesItem(
          trx,
          body.series_id,
          { title: name, abstract: body.description.trim(), ...(cover ? { cover } : {}) },
          Date.now(),
        );
        await indexItem(trx, body.series_id);
      });
      return one(userId, body.series_id);
    },

    async setItems(userId: string, seriesId: string, itemIds: string[]): Promise<StudioSeries> {
      await changeOwn(userId, seriesId, async (trx) => {
        const videos = await ownVideos(trx, userId, itemIds);
        await replaceEntries(trx, seriesId, itemIds);
        const [series] = (await listOwnSeries(trx, userId)).filter(
          (row) => row.series_id === seriesId,
        );
        // A series without a cover takes its first video's.
        if (series && coverUrl(series) === '' && videos.length > 0) {
          await updateSeriesItem(trx, seriesId, { cover: coverOf(videos[0]) }, Date.now());
        }
      });
      return one(userId, seriesId);
    },

    async remove(userId: string, seriesId: string): Promise<{ series_id: string }> {
      await changeOwn(userId, seriesId, async (trx) => {
        await removeItem(trx, seriesId);
        await deleteSeries(trx, seriesId);
      });
      return { series_id: seriesId };
    },
  };
}
