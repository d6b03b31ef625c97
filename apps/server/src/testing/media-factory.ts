import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ItemMediaState } from '@melon/db/tables/media';
import { makeDerived, type DerivedFiles } from '@melon/media/derived';
import { generateClip, type ClipSpec } from '@melon/media/lavfi-clip';
import { probe } from '@melon/media/probe';
import { transcode, type TranscodeResult } from '@melon/media/transcode';
import { itemRenditionRows } from '../modules/media-ingest/item-rendition-rows.ts';
import { newVideoPackageDir, VIDEO_DIR } from '../storage/media-keys.ts';
import { createItem, type ItemOverrides } from './factories.ts';

/*
 * READY items for tests, made of real ffmpeg output: a tiny lavfi clip is transcoded and
 * packaged by packages/media once (cached on disk under the system temp dir, keyed by the clip
 * and by the content of packages/media's sources, so a change to the packager makes a new one),
 * then each test item gets its own copy of the files where the transcode job puts them
 * (`<dataDir>/media/private/v/<item>/` and `<dataDir>/media/v/<item>/`) and the rows it writes.
 */

export const MEDIA_FIXTURES = {
  /** 854×480 at 30 fps with sound: a 360p and a 480p rung and the audio. */
  standard: { width: 854, height: 480, fps: 30, seconds: 3, audio: true },
  /** 320×180 at 120 fps: one rung at 60 fps and its 120 fps variant. */
  highFrameRate: { width: 320, height: 180, fps: 120, seconds: 2, audio: true },
} satisfies Record<string, ClipSpec>;
export type MediaFixtureName = keyof typeof MEDIA_FIXTURES;

export interface MediaFixture {
  /** The packaged directory and the derived one, to copy from. */
  packageDir: string;
  derivedDir: string;
  sourceFps: number;
  transcoded: Omit<TranscodeResult, 'outputDir' | 'dashManifest' | 'hlsManifest'>;
  derived: Omit<DerivedFiles, 'outputDir'>;
}

const MEDIA_SOURCES = fileURLToPath(new URL('../../../../packages/media/src/', import.meta.url));
const CACHE_ROOT = path.join(tmpdir(), 'melon-media-fixtures');
const building = new Map<string, Promise<MediaFixture>>();

async function sourcesHash(): Promise<string> {
  const hash = createHash('sha256');
  const names = (await readdir(MEDIA_SOURCES)).filter((n) => n.endsWith('.ts')).sort();
  for (const name of names)
    hash.update(name).update(await readFile(path.join(MEDIA_SOURCES, name)));
  return hash.digest('hex').slice(0, 16);
}

async function build(dir: string, spec: ClipSpec): Promise<void> {
  const source = path.join(dir, 'source.mp4');
  await generateClip(source, spec);
  const summary = await probe(source);
  const packageDir = path.join(dir, 'package');
  const derivedDir = path.join(dir, 'derived');
  const result = await transcode({ input: source, outputDir: packageDir, probe: summary });
  const derived = await makeDerived({ input: source, outputDir: derivedDir, probe: summary });
  const transcoded = {
    duration: result.duration,
    video: result.video,
    audio: result.audio,
  };
  const derivedFiles = {
    covers: derived.covers,
    preview: derived.preview,
    storyboard: derived.storyboard,
  };
  await writeFile(
    path.join(dir, 'fixture.json'),
    JSON.stringify({ sourceFps: summary.video?.fps ?? 0, transcoded, derived: derivedFiles }),
  );
  await rm(source);
}

async function loadOrBuild(name: MediaFixtureName): Promise<MediaFixture> {
  const spec = MEDIA_FIXTURES[name];
  const key = `${name}-${createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 8)}-${await sourcesHash()}`;
  const dir = path.join(CACHE_ROOT, key);
  const read = async (): Promise<MediaFixture> => {
    const stored = JSON.parse(await readFile(path.join(dir, 'fixture.json'), 'utf8')) as Omit<
      MediaFixture,
      'packageDir' | 'derivedDir'
    >;
    return {
      ...stored,
      packageDir: path.join(dir, 'package'),
      derivedDir: path.join(dir, 'derived'),
    };
  };
  try {
    return await read();
  } catch {
    // Not built yet: build out of sight, then move into place (another worker may win the race).
    const work = `${dir}.${process.pid}-${randomBytes(4).toString('hex')}`;
    await mkdir(work, { recursive: true });
    try {
      await build(work, spec);
      await rename(work, dir).catch(() => undefined);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    return read();
  }
}

/** The transcoded fixture, built at most once per process (and once per packager version on disk). */
export function mediaFixture(name: MediaFixtureName = 'standard'): Promise<MediaFixture> {
  let promise = building.get(name);
  if (!promise) {
    promise = loadOrBuild(name);
    building.set(name, promise);
  }
  return promise;
}

export interface ReadyItem {
  itemId: string;
  /** Directory names: the package's below `private/v/<item_id>/`, the derived one's below `v/<item_id>/`. */
  packageName: string;
  derivedName: string;
  fixture: MediaFixture;
  /** The package directory's storage key, as item_media holds it. */
  packageDir: string;
  /** Absolute path of the item's package directory in the data dir. */
  packagePath: string;
}

export interface MediaItemOptions {
  fixture?: MediaFixtureName;
  item?: Partial<ItemOverrides>;
  state?: ItemMediaState;
}

/**
 * An item whose media is in the given state (ready by default): for ready media the files are
 * copied into the data dir and item_media, item_renditions and the item's duration, covers and
 * preview are written as the transcode job writes them.
 */
export async function createMediaItem(
  t: { db: Kysely<Database>; newId: () => string; dataDir: string },
  userId: string,
  options: MediaItemOptions = {},
): Promise<ReadyItem> {
  const fixture = await mediaFixture(options.fixture ?? 'standard');
  const state = options.state ?? 'ready';
  const itemId = await createItem(t.db, t.newId, userId, options.item);
  const packageDir = newVideoPackageDir(itemId, 'package');
  const packageName = path.basename(packageDir);
  const derivedName = `d-${randomBytes(4).toString('hex')}`;
  const videoDir = path.join(t.dataDir, 'media', VIDEO_DIR, itemId);
  const packagePath = path.join(t.dataDir, 'media', packageDir);
  const now = Date.now();
  const rel = (dirName: string, file: string) => `v/${itemId}/${dirName}/${file}`;
  const { transcoded, derived } = fixture;

  if (state === 'ready') {
    await cp(fixture.packageDir, packagePath, { recursive: true });
    await cp(fixture.derivedDir, path.join(videoDir, derivedName), { recursive: true });
  }
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('item_media')
      .values({
        item_id: itemId,
        state,
        source_path: path.join(t.dataDir, 'sources', `${itemId}.mp4`),
        package_dir: state === 'ready' ? packageDir : null,
        derived_dir: state === 'ready' ? `v/${itemId}/${derivedName}` : null,
        storyboard: state === 'ready' ? JSON.stringify(derived.storyboard) : null,
        max_fps: fixture.sourceFps,
        job_id: null,
        error_message: state === 'failed' ? '无法识别的视频编码' : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    if (state !== 'ready') return;
    // A cached package serves many test items: each gets file ids of its own.
    const rows = itemRenditionRows(itemId, transcoded, () => randomBytes(16).toString('hex'));
    await trx.insertInto('item_renditions').values(rows).execute();
    await trx
      .updateTable('items')
      .set({
        duration_ms: Math.round(transcoded.duration * 1000),
        cover_large_uri: rel(derivedName, derived.covers.large.webp),
        cover_middle_uri: rel(derivedName, derived.covers.middle.webp),
        preview_uri: rel(derivedName, derived.preview),
      })
      .where('id', '=', itemId)
      .execute();
  });
  return { itemId, packageName, derivedName, fixture, packageDir, packagePath };
}
