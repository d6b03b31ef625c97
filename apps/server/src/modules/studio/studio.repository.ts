import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@melon/db/database';
import { Visibility } from '@melon/db/enums';
import { olderThan, type ListPosition } from '../../lib/newest-first.ts';
import { itemPolicyColumns } from '../item/item-columns.ts';
import { notDeleted } from '../item/item-listing.ts';

/*
 * The creator studio's reads and writes of an author's own videos (decision 045).
 */

const studioVideoColumns = [
  ...itemPolicyColumns,
  'i.id',
  'i.title',
  'i.cover_large_uri',
  'i.cover_middle_uri',
  'i.duration_ms',
  'i.publish_time',
  'i.play_count',
  'i.digg_count',
  'i.comment_count',
  'i.danmaku_count',
  'm.error_message as media_error',
] as const;

function studioVideos(db: Kysely<Database>) {
  return db
    .selectFrom('items as i')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select(studioVideoColumns);
}

/** `limit` of the author's videos after `position`, newest first; deleted ones left out. */
export function listOwnVideos(
  db: Kysely<Database>,
  userId: string,
  position: ListPosition | undefined,
  limit: number,
) {
  return studioVideos(db)
    .where('i.user_id', '=', userId)
    .where(notDeleted)
    .$if(position !== undefined, (qb) =>
      qb.where((eb) =>
        olderThan(eb, { time: 'i.publish_time', id: 'i.id' }, position as ListPosition),
      ),
    )
    .orderBy('i.publish_time', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}
export type StudioVideoRow = Awaited<ReturnType<typeof listOwnVideos>>[number];

/** One video with what the edit form shows; undefined for an unknown id. */
export function findStudioVideo(db: Kysely<Database>, itemId: string) {
  return studioVideos(db)
    .select([
      'i.abstract',
      'i.channel_id',
      'i.opening_ms',
      'i.ending_ms',
      'm.source_path',
      'm.derived_dir',
      'm.storyboard',
    ])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}
export type StudioVideoDetailRow = NonNullable<Awaited<ReturnType<typeof findStudioVideo>>>;

/** The item's tag names, in the order they were given. */
export async function listTagNames(db: Kysely<Database>, itemId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('item_tags as it')
    .innerJoin('tags as t', 't.id', 'it.tag_id')
    .select('t.name')
    .where('it.item_id', '=', itemId)
    .orderBy('t.id')
    .execute();
  return rows.map((row) => row.name);
}

export interface VideoEdit {
  title: string;
  abstract: string;
  channelId: number;
  visibility: Visibility;
  openingMs: number | null;
  endingMs: number | null;
  now: number;
}

export async function updateVideo(
  trx: Transaction<Database>,
  itemId: string,
  edit: VideoEdit,
): Promise<void> {
  await trx
    .updateTable('items')
    .set({
      title: edit.title,
      abstract: edit.abstract,
      channel_id: edit.channelId,
      visibility: edit.visibility,
      opening_ms: edit.openingMs,
      ending_ms: edit.endingMs,
      updated_at: edit.now,
    })
    .where('id', '=', itemId)
    .execute();
}

/** The item's tags become `names` (the tags table keeps every name ever used). */
export async function clearTags(trx: Transaction<Database>, itemId: string): Promise<void> {
  await trx.deleteFrom('item_tags').where('item_id', '=', itemId).execute();
}

/**
 * The item is deleted (level 10: gone for everyone, its author too); false when it already
 * was. A video still processing is failed, so its transcoding job stops writing; a ready one
 * leaves its author's video count.
 */
export async function markDeleted(
  trx: Transaction<Database>,
  item: { id: string; user_id: string; media_state: string | null },
  message: string,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('items as i')
    .set({ visibility: Visibility.Delete, updated_at: now })
    .where('i.id', '=', item.id)
    .where(notDeleted)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  if (item.media_state === 'processing') {
    await trx
      .updateTable('item_media')
      .set({ state: 'failed', error_message: message, updated_at: now })
      .where('item_id', '=', item.id)
      .where('state', '=', 'processing')
      .execute();
  }
  if (item.media_state === 'ready') {
    await trx
      .updateTable('users')
      .set((eb) => ({
        video_count: eb
          .case()
          .when('video_count', '>', 0)
          .then(eb('video_count', '-', 1))
          .else(0)
          .end(),
      }))
      .where('id', '=', item.user_id)
      .execute();
  }
  return true;
}

/** Milliseconds a calendar day of the site's audience (UTC+8) is ahead of UTC. */
export const SITE_DAY_OFFSET_MS = 8 * 3600 * 1000;
export const DAY_MS = 24 * 3600 * 1000;

/** Plays of the item since `since`, counted per site day (days since the epoch, UTC+8). */
export async function playsPerDay(
  db: Kysely<Database>,
  itemId: string,
  since: number,
): Promise<Map<number, number>> {
  // Literals, not parameters: PostgreSQL groups by the same text the select shows.
  const day = sql<number>`(played_at + ${sql.lit(SITE_DAY_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  const rows = await db
    .selectFrom('item_plays')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('plays')])
    .where('item_id', '=', itemId)
    .where('played_at', '>=', since)
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, row.plays]));
}

/**
 * The item's viewers with a stored progress, counted by how far they got: bucket k holds those
 * whose progress is at least k/`buckets` of the duration (and less than k+1/`buckets`).
 */
export async function progressBuckets(
  db: Kysely<Database>,
  itemId: string,
  durationMs: number,
  buckets: number,
): Promise<Map<number, number>> {
  const bucket = sql<number>`(progress_ms * ${sql.lit(buckets)}) / ${sql.lit(durationMs)}`;
  const rows = await db
    .selectFrom('watch_history')
    .select([bucket.as('bucket'), (eb) => eb.fn.countAll<number>().as('viewers')])
    .where('item_id', '=', itemId)
    .groupBy(bucket)
    .execute();
  return new Map(rows.map((row) => [row.bucket, row.viewers]));
}
