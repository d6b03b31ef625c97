import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { COVER_SIZES, grabFrameAt, IMAGE_QUALITY } from '@melon/media/covers';
import { invalid } from '../../lib/domain-error.ts';
import { renderPicture } from '../../lib/picture.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { serveSourceRanges } from '../media-files/source-ranges.ts';
import { studioMessages as t } from './studio.messages.ts';

/** A cover the author uploaded: `<derived dir>/cover-<id>-<size>.webp`. */
const UPLOADED_COVER = /\/cover-[0-9]+-(large|middle)\.webp$/;

/**
 * Stores an uploaded picture as the video's cover, in both sizes, beside the covers the
 * transcoder made (the one directory of the video the media route serves), under new names so
 * cached copies of the old cover never stand in for the new one; then points the item at them
 * and drops the upload they replace. Answers nothing; the caller reads the item again.
 */
export async function replaceCover(
  deps: { db: Kysely<Database>; storage: MediaStorage; newId: () => string },
  video: {
    id: string;
    derived_dir: string | null;
    cover_large_uri: string;
    cover_middle_uri: string;
  },
  bytes: Buffer,
): Promise<void> {
  if (!video.derived_dir) throw invalid(t.coverNotReady, 'cover');
  const name = `${video.derived_dir}/cover-${deps.newId()}`;
  const uris = { large: `${name}-large.webp`, middle: `${name}-middle.webp` };
  for (const size of ['large', 'middle'] as const) {
    const { width, height } = COVER_SIZES[size];
    const { webp } = await renderPicture(
      bytes,
      { quality: IMAGE_QUALITY, shape: (image) => image.resize(width, height, { fit: 'cover' }) },
      { field: 'cover', notImage: t.coverNotImage, tooManyPixels: t.coverTooManyPixels },
    );
    await deps.storage.putBytes(uris[size], webp, 'image/webp');
  }
  await deps.db
    .updateTable('items')
    .set({ cover_large_uri: uris.large, cover_middle_uri: uris.middle, updated_at: Date.now() })
    .where('id', '=', video.id)
    .execute();
  for (const old of [video.cover_large_uri, video.cover_middle_uri]) {
    if (UPLOADED_COVER.test(old)) await deps.storage.delete(old);
  }
}

/**
 * The frame shown `timeMs` into the video, as PNG bytes, from its stored source through
 * packages/media's input rules: a file on the local disk read in place, a source on S3 read in
 * place too, through a loopback range server, only the parts ffmpeg needs (decision 066). A
 * source that is gone, or a time with no frame, is a clear 400.
 */
export async function grabCoverFrame(
  storage: MediaStorage,
  sourcePath: string | null,
  timeMs: number,
): Promise<Buffer> {
  const source = await sourceInput(storage, sourcePath);
  if (!source) throw invalid(t.coverFrameUnavailable, 'time_ms');
  const work = await mkdtemp(path.join(tmpdir(), 'melon-cover-frame-'));
  try {
    const frame = path.join(work, 'frame.png');
    await grabFrameAt(source.input, frame, timeMs / 1000).catch(() => undefined);
    return await readFile(frame).catch(() => {
      throw invalid(t.coverFrameUnavailable, 'time_ms');
    });
  } finally {
    await source.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** The source as ffmpeg reads it: a local file's path, a stored object's loopback URL; or null. */
async function sourceInput(
  storage: MediaStorage,
  sourcePath: string | null,
): Promise<{ input: string | URL; close: () => Promise<void> } | null> {
  if (!sourcePath) return null;
  if (path.isAbsolute(sourcePath)) return { input: sourcePath, close: () => Promise.resolve() };
  const served = await serveSourceRanges(storage, sourcePath);
  return served && { input: served.url, close: served.close };
}
