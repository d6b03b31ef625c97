import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ItemRenditionsTable } from '@melon/db/database';
import type { CachedDemoVideo } from './demo-media-cache.ts';
import { linkTree } from './link-tree.ts';

const newFileId = () => randomBytes(16).toString('hex');

/**
 * Makes a demo item play a cached video: links the package and derived files into the item's
 * own directories (`v/<item_id>/package`, `v/<item_id>/derived`) and records them as ready,
 * exactly as a finished transcode job leaves an uploaded video.
 */
export async function attachDemoVideo(
  db: Kysely<Database>,
  mediaDir: string,
  itemId: string,
  video: CachedDemoVideo,
  now: number,
): Promise<void> {
  const packageDir = `v/${itemId}/package`;
  const derivedDir = `v/${itemId}/derived`;
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
  const files = (representationId: number, hlsPlaylist: string, initSegment: string) => ({
    file_id: newFileId(),
    item_id: itemId,
    representation_id: representationId,
    hls_playlist: hlsPlaylist,
    init_segment: initSegment,
  });
  const renditions: Insertable<ItemRenditionsTable>[] = video.video.map((rung) => ({
    ...files(rung.representationId, rung.hlsPlaylist, rung.initSegment),
    kind: 'video',
    definition: rung.definition,
    bitrate: rung.bitrate,
    size: rung.size,
    fps: rung.fps,
    vwidth: rung.vwidth,
    vheight: rung.vheight,
    hfr_variant: rung.hfrVariant ? 1 : 0,
  }));
  const { audio } = video;
  if (audio) {
    renditions.push({
      ...files(audio.representationId, audio.hlsPlaylist, audio.initSegment),
      kind: 'audio',
      definition: null,
      bitrate: audio.bitrate,
      size: audio.size,
      // Every row names every column: a multi-row insert cannot leave some to their defaults.
      fps: 0,
      vwidth: 0,
      vheight: 0,
      hfr_variant: 0,
    });
  }
  await db.insertInto('item_renditions').values(renditions).execute();
  await db
    .updateTable('items')
    .set({
      duration_ms: Math.round(video.duration * 1000),
      preview_uri: `${derivedDir}/${video.derived.preview}`,
    })
    .where('id', '=', itemId)
    .execute();
}
