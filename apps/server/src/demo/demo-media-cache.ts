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

/**
 * The recipe's packaged video, generated, transcoded and derived on the first call and read
 * from `<cacheDir>/<key>/` afterwards. An entry is built in a directory of its own and renamed
 * into place when complete, so a start that was stopped, or two starts at once, never leave or
 * read a half-written entry.
 */
export async function prepareDemoVideo(
  cacheDir: string,
  recipe: DemoVideoRecipe,
  onProgress?: (percent: number) => void,
): Promise<CachedDemoVideo> {
  const entry = path.join(cacheDir, recipe.key);
  if (!existsSync(path.join(entry, DESCRIPTION))) {
    await mkdir(cacheDir, { recursive: true });
    const work = await mkdtemp(path.join(cacheDir, `.${recipe.key}-`));
    try {
      await buildEntry(work, recipe, onProgress);
      await rm(entry, { recursive: true, force: true });
      await rename(work, entry).catch((error: unknown) => {
        // Another start finished the same entry first: theirs is as good as ours.
        if (!existsSync(path.join(entry, DESCRIPTION))) throw error;
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  const described = JSON.parse(await readFile(path.join(entry, DESCRIPTION), 'utf8')) as Described;
  return {
    packageDir: path.join(entry, 'package'),
    derivedDir: path.join(entry, 'derived'),
    ...described,
  };
}

async function buildEntry(
  dir: string,
  recipe: DemoVideoRecipe,
  onProgress?: (percent: number) => void,
): Promise<void> {
  const source = path.join(dir, 'source.mp4');
  await generateDemoSource(recipe, source);
  const summary = await probe(source);
  const packaged = await transcode({
    input: source,
    outputDir: path.join(dir, 'package'),
    probe: summary,
    onProgress: (percent) => onProgress?.(Math.round(percent * 0.85)),
  });
  const { covers, preview, storyboard } = await makeDerived({
    input: source,
    outputDir: path.join(dir, 'derived'),
    probe: summary,
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
