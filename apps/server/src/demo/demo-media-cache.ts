import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeDerived, type DerivedFiles } from '@melon/media/derived';
import { probe } from '@melon/media/probe';
import { transcode, type TranscodeResult } from '@melon/media/transcode';
import { generateDemoSource } from './demo-source.ts';
import type { DemoVideoRecipe } from './demo-videos.ts';

/** What one recipe's cache entry holds: its package and derived files, and their description. */
export interface CachedDemoVideo {
  /** Absolute directories inside the cache entry. */
  packageDir: string;
  derivedDir: string;
  duration: number;
  fps: number;
  video: TranscodeResult['video'];
  audio: TranscodeResult['audio'];
  derived: Omit<DerivedFiles, 'outputDir'>;
}

type Described = Omit<CachedDemoVideo, 'packageDir' | 'derivedDir'>;

const DESCRIPTION = 'video.json';

/** The recipe's cache entry when `<cacheDir>/<key>/` holds a complete one; undefined otherwise. */
export async function findCachedDemoVideo(
  cacheDir: string,
  recipe: DemoVideoRecipe,
): Promise<CachedDemoVideo | undefined> {
  const entry = path.join(cacheDir, recipe.key);
  if (!existsSync(path.join(entry, DESCRIPTION))) return undefined;
  const described = JSON.parse(await readFile(path.join(entry, DESCRIPTION), 'utf8')) as Described;
  return {
    packageDir: path.join(entry, 'package'),
    derivedDir: path.join(entry, 'derived'),
    ...described,
  };
}

/**
 * The recipe's packaged video, generated, transcoded and derived on the first call and read
 * from `<cacheDir>/<key>/` afterwards. An entry is built in a directory of its own and renamed
 * into place when complete, so a start that was stopped, or two starts at once, never leave or
 * read a half-written entry. `onProgress` gets whole percents of the making; `signal` stops it.
 */
export async function prepareDemoVideo(
  cacheDir: string,
  recipe: DemoVideoRecipe,
  making: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<CachedDemoVideo> {
  const found = await findCachedDemoVideo(cacheDir, recipe);
  if (found) return found;
  const entry = path.join(cacheDir, recipe.key);
  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(path.join(cacheDir, `.${recipe.key}-`));
  try {
    await buildEntry(work, recipe, making);
    await rm(entry, { recursive: true, force: true });
    await rename(work, entry).catch((error: unknown) => {
      // Another start finished the same entry first: theirs is as good as ours.
      if (!existsSync(path.join(entry, DESCRIPTION))) throw error;
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const made = await findCachedDemoVideo(cacheDir, recipe);
  if (!made) throw new Error(`demo video ${recipe.key} was not cached`);
  return made;
}

async function buildEntry(
  dir: string,
  recipe: DemoVideoRecipe,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal },
): Promise<void> {
  const source = path.join(dir, 'source.mp4');
  await generateDemoSource(recipe, source, signal);
  const summary = await probe(source, { signal });
  const packaged = await transcode({
    input: source,
    outputDir: path.join(dir, 'package'),
    probe: summary,
    onProgress: (percent) => onProgress?.(Math.round(percent * 0.85)),
    signal,
  });
  const { covers, preview, storyboard } = await makeDerived({
    input: source,
    outputDir: path.join(dir, 'derived'),
    probe: summary,
    signal,
  });
  const described: Described = {
    duration: packaged.duration,
    fps: summary.video?.fps ?? 0,
    video: packaged.video,
    audio: packaged.audio,
    derived: { covers, preview, storyboard },
  };
  await rm(source);
  await writeFile(path.join(dir, DESCRIPTION), JSON.stringify(described));
  onProgress?.(100);
}
