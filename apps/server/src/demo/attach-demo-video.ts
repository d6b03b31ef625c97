import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { itemRenditionRows } from '../modules/media-ingest/item-rendition-rows.ts';
import { newVideoPackageDir, VIDEO_DIR } from '../storage/media-keys.ts';
import type { CachedDemoVideo } from './demo-media-cache.ts';
import { linkTree } from './link-tree.ts';

/**
 * The item's `item_renditions` rows of a cached video: file ids of its own for each item, as a
 * package shared by several items needs.
 */
export const demoRenditionRows = (itemId: string, video: CachedDemoVideo) =>
  itemRenditionRows(itemId, video, () => randomBytes(16).toString('hex'));

/**
 * Makes a demo item play a cached video: links the package and derived files into the item's
 * own directories (`private/v/<item_id>/package-<random>`, `v/<item_id>/derived`, decision 068)
 * and records them as ready,
 * exactly as a finished transcode job leaves an uploaded video.
 */
export async function attachDemoVideo(
  db: Kysely<Database>,
  mediaDir: string,
  itemId: string,
  video: CachedDemoVideo,
  now: number,
): Promise<void> {
  const packageDir = newVideoPackageDir(itemId, 'package');
  const derivedDir = `${VIDEO_DIR}/${itemId}/derived`;
  await linkTree(video.packageDir, path.join(mediaDir, packageDir));
  await linkTree(video.derivedDir, path.join(mediaDir, derivedDir));

  await db
    .insertInto('item_media')
    .values({
      item_id: itemId,
      state: 'ready',
      source_path: '',
      package_dir: packageDir,
      derived_dir: derivedDir,
      storyboard: JSON.stringify(video.derived.storyboard),
      max_fps: video.fps,
      job_id: null,
      error_message: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.insertInto('item_renditions').values(demoRenditionRows(itemId, video)).execute();
  await db
    .updateTable('items')
    .set({
      duration_ms: Math.round(video.duration * 1000),
      preview_uri: `${derivedDir}/${video.derived.preview}`,
    })
    .where('id', '=', itemId)
    .execute();
}
