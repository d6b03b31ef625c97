import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ItemRenditionsTable } from '@melon/db/tables/media';
import { ItemType, Visibility } from '@melon/db/enums';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { LIVE_CHANNEL_ID, RECOMMEND_CHANNEL_ID } from '../channel/channel-catalogue.ts';
import { notDeleted } from '../item/item-listing.ts';

/*
 * The writes of the media pipeline: a new item with its media in `processing`, then, in one
 * transaction, the renditions and the item's playable state; or its failure.
 */

/** The channels a video can be published in: not the recommend feed, live or a link. */
function publishableChannels(db: Kysely<Database>) {
  return db
    .selectFrom('channels')
    .select('id')
    .where('id', 'not in', [RECOMMEND_CHANNEL_ID, LIVE_CHANNEL_ID])
    .where('url', 'is', null);
}

/** The first channel a video can be published in. */
export async function defaultChannelId(db: Kysely<Database>): Promise<number | undefined> {
  const row = await publishableChannels(db).orderBy('sort_order').orderBy('id').executeTakeFirst();
  return row?.id;
}

export async function publishableChannelExists(
  db: Kysely<Database>,
  channelId: number,
): Promise<boolean> {
  const row = await publishableChannels(db).where('id', '=', channelId).executeTakeFirst();
  return row !== undefined;
}

export async function userExists(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export interface NewVideoItem {
  itemId: string;
  userId: string;
  channelId: number;
  title: string;
  abstract: string;
  sourcePath: string;
  durationMs: number;
  maxFps: number;
  now: number;
}

/** The item (a short video, visible to all once ready) and its media row, `processing`. */
export async function insertProcessingItem(
  trx: Transaction<Database>,
  item: NewVideoItem,
): Promise<void> {
  await trx
    .insertInto('items')
    .values({
      id: item.itemId,
      item_type: ItemType.ShortVideo,
      visibility: Visibility.All,
      user_id: item.userId,
      channel_id: item.channelId,
      title: item.title,
      abstract: item.abstract,
      duration_ms: item.durationMs,
      cover_large_uri: '',
      cover_middle_uri: '',
      preview_uri: null,
      publish_time: item.now,
      behot_time: item.now,
      created_at: item.now,
      updated_at: item.now,
    })
    .execute();
  await trx
    .insertInto('item_media')
    .values({
      item_id: item.itemId,
      state: 'processing',
      source_path: item.sourcePath,
      max_fps: item.maxFps,
      created_at: item.now,
      updated_at: item.now,
    })
    .execute();
}

export async function setItemMediaJob(
  trx: Transaction<Database>,
  itemId: string,
  jobId: string,
): Promise<void> {
  await trx
    .updateTable('item_media')
    .set({ job_id: jobId })
    .where('item_id', '=', itemId)
    .execute();
}

/** Links the item to its tags by name, creating the tags that do not exist yet. */
export async function tagItem(
  trx: Transaction<Database>,
  itemId: string,
  names: readonly string[],
  newId: () => string,
): Promise<void> {
  for (const name of new Set(names)) {
    let tag = await trx.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirst();
    if (!tag) {
      tag = { id: newId() };
      await trx.insertInto('tags').values({ id: tag.id, name }).execute();
    }
    await trx.insertInto('item_tags').values({ item_id: itemId, tag_id: tag.id }).execute();
  }
}

/**
 * Bytes of the stored sources of a user's items that are not deleted (a missing file counts 0):
 * a local file by its path, a source kept in S3 (a key, decision 041) by the store's answer.
 */
export async function storedSourceBytes(
  db: Kysely<Database>,
  userId: string,
  storage?: MediaStorage,
): Promise<number> {
  const rows = await db
    .selectFrom('item_media as m')
    .innerJoin('items as i', 'i.id', 'm.item_id')
    .select('m.source_path')
    .where('i.user_id', '=', userId)
    .where(notDeleted)
    .where('m.source_path', '<>', '')
    .execute();
  const sizes = await Promise.all(
    rows.map(async (row) => {
      if (!path.isAbsolute(row.source_path)) {
        return (await storage?.head(row.source_path))?.size ?? 0;
      }
      return stat(row.source_path).then(
        (stats) => stats.size,
        () => 0,
      );
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

export function findItemMediaForJob(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('item_media as m')
    .innerJoin('items as i', 'i.id', 'm.item_id')
    .select(['m.item_id', 'm.state', 'm.source_path', 'i.user_id'])
    .where('m.item_id', '=', itemId)
    .executeTakeFirst();
}

export interface ReadyMedia {
  itemId: string;
  userId: string;
  packageDir: string;
  derivedDir: string;
  /** The preview rendition of a VIP or paid episode (decision 050); null for others. */
  trialPackageDir?: string | null;
  storyboard: string;
  maxFps: number;
  durationMs: number;
  /** Covers made from the video; left out, the item keeps its own (the demo's drawn ones). */
  covers?: { large: string; middle: string };
  previewUri: string;
  renditions: Insertable<ItemRenditionsTable>[];
  now: number;
  /** The job's lease check (JobContext.holdsLease), made first inside the transaction. */
  fence: (trx: Transaction<Database>) => Promise<boolean>;
}

/**
 * Makes the item playable in one transaction: its renditions, its media `ready` with the package
 * and derived directories, and the item's duration, covers (when given) and preview. False when the run no
 * longer holds its job's lease or the media was not (or no longer) processing: nothing is
 * written then.
 */
export async function markMediaReady(db: Kysely<Database>, media: ReadyMedia): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await media.fence(trx))) return false;
    const updated = await trx
      .updateTable('item_media')
      .set({
        state: 'ready',
        package_dir: media.packageDir,
        derived_dir: media.derivedDir,
        trial_package_dir: media.trialPackageDir ?? null,
        storyboard: media.storyboard,
        max_fps: media.maxFps,
        error_message: null,
        updated_at: media.now,
      })
      .where('item_id', '=', media.itemId)
      .where('state', '=', 'processing')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await trx.deleteFrom('item_renditions').where('item_id', '=', media.itemId).execute();
    await trx.insertInto('item_renditions').values(media.renditions).execute();
    await trx
      .updateTable('items')
      .set({
        duration_ms: media.durationMs,
        ...(media.covers
          ? { cover_large_uri: media.covers.large, cover_middle_uri: media.covers.middle }
          : {}),
        preview_uri: media.previewUri,
        updated_at: media.now,
      })
      .where('id', '=', media.itemId)
      .execute();
    await trx
      .updateTable('users')
      .set((eb) => ({ video_count: eb('video_count', '+', 1) }))
      .where('id', '=', media.userId)
      .execute();
    return true;
  });
}

/** The media failed for good; false when it was no longer processing (nothing written). */
export async function markMediaFailed(
  db: Kysely<Database>,
  itemId: string,
  message: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('item_media')
    .set({ state: 'failed', error_message: message, updated_at: now })
    .where('item_id', '=', itemId)
    .where('state', '=', 'processing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
