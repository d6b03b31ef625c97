import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
 * from `<cacheDir>/<key>/` afterwards. The description is written last, so an entry cut short
 * (a stopped start) is made again rather than used half-written.
 */
export async function prepareDemoVideo(
  cacheDir: string,
  recipe: DemoVideoRecipe,
  onProgress?: (percent: number) => void,
): Promise<CachedDemoVideo> {
  const entry = path.join(cacheDir, recipe.key);
  const dirs = { packageDir: path.join(entry, 'package'), derivedDir: path.join(entry, 'derived') };
  const description = path.join(entry, DESCRIPTION);
  if (existsSync(description)) {
    const described = JSON.parse(await readFile(description, 'utf8')) as Described;
    return { ...dirs, ...described };
  }

  await mkdir(entry, { recursive: true });
  const source = path.join(entry, 'source.mp4');
  await generateDemoSource(recipe, source);
  const summary = await probe(source);
  const packaged = await transcode({
    input: source,
    outputDir: dirs.packageDir,
    probe: summary,
    onProgress: (percent) => onProgress?.(Math.round(percent * 0.85)),
  });
  const { covers, preview, storyboard } = await makeDerived({
    input: source,
    outputDir: dirs.derivedDir,
    probe: summary,
  });
  const described: Described = {
    duration: packaged.duration,
    fps: summary.video?.fps ?? 0,
    video: packaged.video,
    audio: packaged.audio,
    derived: { covers, preview, storyboard },
  };
  await writeFile(description, JSON.stringify(described));
  await rm(source);
  onProgress?.(100);
  return { ...dirs, ...described };
}
