import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType, SeriesKind, Visibility } from '@melon/db/enums';
import { videoListColumns } from '../item/item-columns.ts';
import { notDeleted } from '../item/item-listing.ts';

type Db = Kysely<Database>;

/** The author's series (both kinds), newest first, with their own item's text and cover. */
export function listOwnSeries(db: Db, userId: string) {
  return db
    .selectFrom('series as s')
    .innerJoin('items as i', 'i.id', 's.item_id')
    .select([
      's.item_id as series_id',
      's.kind',
      'i.title',
      'i.abstract',
      'i.cover_large_uri',
      'i.cover_middle_uri',
    ])
    .where('s.user_id', '=', userId)
    .orderBy('i.created_at', 'desc')
    .orderBy('s.item_id', 'desc')
    .execute();
}
export type OwnSeriesRow = Awaited<ReturnType<typeof listOwnSeries>>[number];

/** Every entry of the series in order, whatever their visibility (the author's own view). */
export function listAllEntries(db: Db, seriesIds: readonly string[]) {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('series_items as si')
    .innerJoin('items as i', 'i.id', 'si.item_id')
    .innerJoin('channels as c', 'c.id', 'i.channel_id')
    .select([...videoListColumns, 'si.series_id'])
    .where('si.series_id', 'in', seriesIds)
    .where(notDeleted)
    .orderBy('si.series_id')
    .orderBy('si.position')
    .orderBy('si.item_id')
    .execute();
}

/** The author's videos that may go in a series, newest first (deleted ones left out). */
export function listOwnVideos(db: Db, userId: string) {
  return db
    .selectFrom('items as i')
    .innerJoin('channels as c', 'c.id', 'i.channel_id')
    .select(videoListColumns)
    .where('i.user_id', '=', userId)
    .where('i.item_type', '=', ItemType.ShortVideo)
    .where(notDeleted)
    .orderBy('i.publish_time', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

/** Of these ids, the videos' owners and covers (unknown or deleted ones absent). */
export function findVideos(db: Db, itemIds: readonly string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('items as i')
    .select(['i.id', 'i.user_id', 'i.channel_id', 'i.cover_large_uri', 'i.cover_middle_uri'])
    .where('i.id', 'in', itemIds)
    .where('i.item_type', '=', ItemType.ShortVideo)
    .where(notDeleted)
    .execute();
}

/** The series' owner; undefined for an unknown id. */
export function findSeriesOwner(db: Db, seriesId: string) {
  return db
    .selectFrom('series')
    .select(['item_id', 'user_id'])
    .where('item_id', '=', seriesId)
    .executeTakeFirst();
}

export interface NewSeries {
  id: string;
  userId: string;
  kind: SeriesKind;
  title: string;
  description: string;
  channelId: number;
  cover: { cover_large_uri: string; cover_middle_uri: string };
}

/** The series' own item (type 26 or 149, seen by all) and its series row. */
export async function insertSeries(db: Db, series: NewSeries, now: number): Promise<void> {
  await db
    .insertInto('items')
    .values({
      id: series.id,
      item_type: series.kind === SeriesKind.Series ? ItemType.Series : ItemType.PSeries,
      visibility: Visibility.All,
      user_id: series.userId,
      channel_id: series.channelId,
      title: series.title,
      abstract: series.description,
      ...series.cover,
      preview_uri: null,
      publish_time: now,
      behot_time: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('series')
    .values({ item_id: series.id, kind: series.kind, user_id: series.userId })
    .execute();
}

export async function updateSeriesItem(
  db: Db,
  seriesId: string,
  change: {
    title?: string;
    abstract?: string;
    cover?: { cover_large_uri: string; cover_middle_uri: string };
  },
  now: number,
): Promise<void> {
  await db
    .updateTable('items')
    .set({
      ...(change.title === undefined ? {} : { title: change.title }),
      ...(change.abstract === undefined ? {} : { abstract: change.abstract }),
      ...change.cover,
      updated_at: now,
    })
    .where('id', '=', seriesId)
    .execute();
}

/** Rewrites the series' entries as `itemIds`, positions 1, 2, 3… in that order. */
export async function replaceEntries(
  db: Db,
  seriesId: string,
  itemIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('series_items').where('series_id', '=', seriesId).execute();
  if (itemIds.length === 0) return;
  await db
    .insertInto('series_items')
    .values(
      itemIds.map((item_id, index) => ({ series_id: seriesId, item_id, position: index + 1 })),
    )
    .execute();
}

/** Deletes the series' own item; its series row and entries go with it (cascade). */
export async function deleteSeries(db: Db, seriesId: string): Promise<void> {
  await db.deleteFrom('items').where('id', '=', seriesId).execute();
}

/** The smallest channel id: a series made empty still needs one. */
export async function firstChannelId(db: Db): Promise<number> {
  const row = await db.selectFrom('channels').select('id').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}
