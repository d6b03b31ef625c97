import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from './lavfi-clip.ts';
import { cutFiles, cutPackage } from './package-cut.ts';
import { DASH_MANIFEST, HLS_MASTER_PLAYLIST } from './package-layout.ts';
import { probe } from './probe.ts';
import {
  dashRepresentations,
  hlsRepresentation,
  joined,
  streamFacts,
} from './testing/inspect-package.ts';
import { tempDir } from './testing/fixtures.ts';
import { transcode, type TranscodeResult } from './transcode.ts';

/* A short package cut from a real transcoded one (stream copy, no encoding). */

let dir = '';
let remove = async () => {};
let full: TranscodeResult;

beforeAll(async () => {
  ({ dir, remove } = await tempDir());
  const source = path.join(dir, 'source.mp4');
  await generateClip(source, { width: 854, height: 480, fps: 30, seconds: 10, audio: true });
  full = await transcode({
    input: source,
    outputDir: path.join(dir, 'full'),
    probe: await probe(source),
  });
});
afterAll(() => remove());

describe('cutPackage', () => {
  it('keeps the chosen representations, renumbered, for the first seconds', async () => {
    const lowest = full.video[0];
    const audio = full.audio;
    expect(lowest?.definition).toBe('360p');
    expect(audio).not.toBeNull();
    const out = path.join(dir, 'trial');
    const sizes = await cutPackage({
      sourceDir: path.join(dir, 'full'),
      outputDir: out,
      representations: [
        { representationId: lowest?.representationId ?? 0, fps: lowest?.fps ?? 30 },
        { representationId: audio?.representationId ?? 2, fps: null },
      ],
      seconds: 4,
    });

    expect(sizes).toHaveLength(2);
    expect(sizes.every((size) => size > 0)).toBe(true);
    const listed = dashRepresentations(await readFile(path.join(out, DASH_MANIFEST), 'utf8'));
    expect([...listed.keys()]).toEqual([0, 1]);
    const video = listed.get(0);
    expect(video?.seconds).toBeCloseTo(4, 0);
    const facts = await streamFacts(joined(out, video ?? { init: '', media: [], seconds: 0 }));
    expect([facts.codec, facts.width, facts.height]).toEqual(['h264', 640, 360]);
    // The cut ends at 4 s (give or take the last frame and the edit list), far short of 10 s.
    expect(facts.duration).toBeLessThan(4.5);
    const hls = hlsRepresentation(await readFile(path.join(out, 'media_1.m3u8'), 'utf8'));
    expect(hls.seconds).toBeGreaterThan(3.5);
    expect(hls.seconds).toBeLessThan(4.5);
    const master = await readFile(path.join(out, HLS_MASTER_PLAYLIST), 'utf8');
    expect(master).toContain('media_0.m3u8');
    expect(master).not.toContain('media_2.m3u8');
    // Nothing of the full package's higher rung came along.
    expect((await readdir(out)).some((name) => name.startsWith('seg-2-'))).toBe(false);
  });

  it('names the files a cut reads: init and the segments up to one past the cut', () => {
    expect(cutFiles([{ representationId: 1, fps: null }], 4)).toEqual([
      'init-1.m4s',
      'seg-1-00001.m4s',
      'seg-1-00002.m4s',
      'seg-1-00003.m4s',
    ]);
  });
});
