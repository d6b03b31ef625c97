import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { ItemType, SeriesKind, Visibility } from '@melon/db/enums';
import { createItem } from './factories.ts';

/**
 * A series (合集) or pseries of the author holding `entries` in that order; its own item at
 * `visibility` (all by default). Returns the series id.
 */
export async function createSeries(
  db: Kysely<Database>,
  newId: () => string,
  author: string,
  entries: readonly string[],
  options: { kind?: SeriesKind; visibility?: Visibility; title?: string } = {},
): Promise<string> {
  const kind = options.kind ?? SeriesKind.Series;
  const seriesId = await createItem(db, newId, author, {
    itemType: kind === SeriesKind.Series ? ItemType.Series : ItemType.PSeries,
    visibility: options.visibility ?? Visibility.All,
    ...(options.title === undefined ? {} : { title: options.title }),
  });
  await db.insertInto('series').values({ item_id: seriesId, kind, user_id: author }).execute();
  if (entries.length > 0) {
    await db
      .insertInto('series_items')
      .values(
        entries.map((item_id, index) => ({ series_id: seriesId, item_id, position: index + 1 })),
      )
      .execute();
  }
  return seriesId;
}

/**
 * Makes the item an uploaded video, ready, with a rendition taller than wide: a vertical
 * (hotsoon) short video.
 */
export async function makeVertical(db: Kysely<Database>, itemId: string): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('item_media')
    .values({
      item_id: itemId,
      state: 'ready',
      source_path: `/nowhere/${itemId}.mp4`,
      package_dir: 'p1',
      derived_dir: 'd1',
      storyboard: null,
      job_id: null,
      error_message: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('item_renditions')
    .values({
      file_id: `${itemId}-720p`,
      item_id: itemId,
      kind: 'video',
      definition: '720p',
      bitrate: 1_000_000,
      size: 1_000,
      vwidth: 720,
      vheight: 1280,
      representation_id: 0,
      hls_playlist: 'video-0.m3u8',
      init_segment: 'init-0.mp4',
    })
    .execute();
}
