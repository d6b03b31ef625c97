import { writeDirectoryAtomically } from './atomic-dir.ts';
import { makeCovers, type Covers } from './covers.ts';
import { makePreviewClip } from './preview-clip.ts';
import type { ProbeSummary } from './probe.ts';
import { makeStoryboard, type Storyboard } from './storyboard.ts';

export const PREVIEW_CLIP = 'preview.mp4';

export interface DerivedOptions {
  input: string;
  /** Appears (or is replaced) only when every derived file is written. */
  outputDir: string;
  probe: ProbeSummary;
  /** Where to look for the cover frame; a third into the video by default. */
  coverAtSeconds?: number;
  signal?: AbortSignal;
}

export interface DerivedFiles {
  outputDir: string;
  /** File names below are relative to outputDir. */
  covers: Covers;
  preview: string;
  storyboard: Storyboard;
}

/**
 * Everything a feed card and the seek bar need besides the video itself: covers, the hover
 * preview clip and the storyboard sprites, written together (one ffmpeg at a time) and moved
 * into place at once.
 */
export async function makeDerived(options: DerivedOptions): Promise<DerivedFiles> {
  const { input, probe, signal } = options;
  const duration = probe.duration;
  const fps = probe.video?.fps ?? 0;
  return writeDirectoryAtomically(options.outputDir, async (dir) => {
    const covers = await makeCovers(input, dir, {
      duration,
      atSeconds: options.coverAtSeconds,
      signal,
    });
    await makePreviewClip(input, `${dir}/${PREVIEW_CLIP}`, { duration, fps, signal });
    const storyboard = await makeStoryboard(input, dir, { duration, signal });
    return { outputDir: options.outputDir, covers, preview: PREVIEW_CLIP, storyboard };
  });
}
