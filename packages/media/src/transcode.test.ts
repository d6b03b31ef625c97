import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip, type ClipSpec } from './lavfi-clip.ts';
import { SEGMENT_SECONDS } from './presets.ts';
import { probe } from './probe.ts';
import {
  dashRepresentations,
  hlsRepresentation,
  joined,
  keyframeTimes,
  streamFacts,
} from './testing/inspect-package.ts';
import { mediaFixture, tempDir } from './testing/fixtures.ts';
import { transcode, type TranscodeResult } from './transcode.ts';

let dir = '';
let remove = async () => {};
beforeAll(async () => ({ dir, remove } = await tempDir()));
afterAll(() => remove());

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function clip(name: string, spec: ClipSpec): Promise<string> {
  const file = path.join(dir, name);
  await generateClip(file, spec);
  return file;
}

async function transcodeFile(input: string, name: string, onProgress?: (p: number) => void) {
  const outputDir = path.join(dir, name);
  const result = await transcode({ input, outputDir, probe: await probe(input), onProgress });
  expect(await exists(`${outputDir}.partial`)).toBe(false);
  return result;
}

/**
 * Checks a package end to end: both manifests list the same segment files and nothing else lies
 * around; every video rendition is H.264 of the stated size and rate, with keyframes exactly on
 * the segment grid in every rendition; durations match the source.
 */
async function verifyPackage(result: TranscodeResult, sourceSeconds: number): Promise<void> {
  const { outputDir } = result;
  const dash = dashRepresentations(await readFile(result.dashManifest, 'utf8'));
  const master = await readFile(result.hlsManifest, 'utf8');
  const renditions = [...result.video, ...(result.audio ? [result.audio] : [])];
  expect([...dash.keys()].sort()).toEqual(renditions.map((r) => r.representationId).sort());

  const listed = new Set<string>();
  for (const rendition of renditions) {
    const fromDash = dash.get(rendition.representationId);
    const playlist = await readFile(path.join(outputDir, rendition.hlsPlaylist), 'utf8');
    const fromHls = hlsRepresentation(playlist);
    expect(fromHls.init).toBe(rendition.initSegment);
    expect(fromDash?.init).toBe(rendition.initSegment);
    expect(fromHls.media).toEqual(fromDash?.media);
    expect(master).toContain(rendition.hlsPlaylist);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(fromHls.seconds).toBeCloseTo(sourceSeconds, 0);
    expect(fromDash?.seconds ?? 0).toBeCloseTo(sourceSeconds, 0);
    for (const name of [fromHls.init, ...fromHls.media]) listed.add(name);

    let bytes = 0;
    for (const name of [fromHls.init, ...fromHls.media]) {
      bytes += (await readFile(path.join(outputDir, name))).length;
    }
    expect(rendition.size).toBe(bytes);
    expect(rendition.bitrate).toBe(Math.round((bytes * 8) / result.duration));
  }
  const segments = (await readdir(outputDir)).filter((name) => name.endsWith('.m4s'));
  expect(segments.sort()).toEqual([...listed].sort());

  const grid = Array.from(
    { length: Math.ceil(sourceSeconds / SEGMENT_SECONDS - 1e-6) },
    (_, index) => index * SEGMENT_SECONDS,
  );
  for (const rendition of result.video) {
    const input = joined(
      outputDir,
      hlsRepresentation(await readFile(path.join(outputDir, rendition.hlsPlaylist), 'utf8')),
    );
    const facts = await streamFacts(input);
    expect(facts.codec).toBe('h264');
    expect([facts.width, facts.height]).toEqual([rendition.vwidth, rendition.vheight]);
    expect(facts.fps).toBeCloseTo(rendition.fps, 2);
    expect(Math.abs(facts.duration - sourceSeconds)).toBeLessThan(0.1);
    const keyframes = await keyframeTimes(input);
    expect(keyframes.map((time) => Math.round(time * 1000) / 1000)).toEqual(grid);
  }
  if (result.audio) {
    const playlist = await readFile(path.join(outputDir, result.audio.hlsPlaylist), 'utf8');
    const facts = await streamFacts(joined(outputDir, hlsRepresentation(playlist)));
    expect(facts.codec).toBe('aac');
    expect(facts.sampleRate).toBe(48_000);
    expect(Math.abs(facts.duration - sourceSeconds)).toBeLessThan(0.1);
  }
}

describe('transcode', () => {
  it('packages a 30 fps clip with audio: two rungs and an audio rendition', async () => {
    const input = await clip('480p30.mp4', {
      width: 854,
      height: 480,
      fps: 30,
      seconds: 3,
      audio: true,
    });
    const progress: number[] = [];
    const result = await transcodeFile(input, 'p30', (percent) => progress.push(percent));

    expect(result.video.map((r) => [r.definition, r.label, r.vwidth, r.vheight, r.fps])).toEqual([
      ['360p', '标清', 640, 360, 30],
      ['480p', '标清', 854, 480, 30],
    ]);
    expect(result.audio).toMatchObject({ sampleRate: 48_000, channels: 2, representationId: 2 });
    expect(new Set([...result.video, result.audio].map((r) => r?.fileId)).size).toBe(3);
    for (const rendition of result.video) expect(rendition.fileId).toMatch(/^[0-9a-f]{32}$/);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    await verifyPackage(result, 3);
  });

  it('adds a 120 fps variant for a 120 fps source, with no audio rendition', async () => {
    const input = await clip('360p120.mp4', {
      width: 640,
      height: 360,
      fps: 120,
      seconds: 3,
      audio: false,
    });
    const result = await transcodeFile(input, 'p120');

    expect(result.video.map((r) => [r.definition, r.fps, r.hfrVariant, r.highFrameRate])).toEqual([
      ['360p', 60, false, true],
      ['360p', 120, true, true],
    ]);
    expect(result.audio).toBeNull();
    const mpd = await readFile(result.dashManifest, 'utf8');
    expect(mpd.match(/<AdaptationSet /g)).toHaveLength(2);
    expect(mpd).not.toContain('contentType="audio"');
    expect(mpd).not.toContain('bitstreamSwitching');
    expect(await readFile(result.hlsManifest, 'utf8')).toContain('FRAME-RATE=120.000');
    await verifyPackage(result, 3);
  });

  it('transcodes the VP9 WebM fixture without audio', async () => {
    const result = await transcodeFile(mediaFixture('Big_Buck_Bunny_180_10s.webm'), 'webm');
    expect(result.video.map((r) => [r.definition, r.vwidth, r.vheight, r.fps])).toEqual([
      ['360p', 320, 180, 30],
    ]);
    expect(result.audio).toBeNull();
    expect(await readFile(result.hlsManifest, 'utf8')).not.toContain('TYPE=AUDIO');
    await verifyPackage(result, 10);
  });

  it('transcodes the Indeo AVI fixture at 35 fps, replacing an earlier package', async () => {
    const input = mediaFixture('video-1s.avi');
    const first = await transcodeFile(input, 'avi');
    await writeFile(path.join(first.outputDir, 'stale.txt'), 'from the first run');

    const result = await transcodeFile(input, 'avi');
    expect(result.video.map((r) => [r.vwidth, r.vheight, r.fps])).toEqual([[256, 240, 35]]);
    expect(await exists(path.join(result.outputDir, 'stale.txt'))).toBe(false);
    expect(await exists(`${result.outputDir}.previous`)).toBe(false);
    await verifyPackage(result, 1);
  });

  it('stops when aborted and leaves nothing behind', async () => {
    const input = await clip('long.mp4', {
      width: 640,
      height: 360,
      fps: 30,
      seconds: 20,
      audio: true,
    });
    const outputDir = path.join(dir, 'aborted');
    const controller = new AbortController();
    const run = transcode({
      input,
      outputDir,
      probe: await probe(input),
      signal: controller.signal,
      onProgress: (percent) => {
        if (percent >= 5) controller.abort(new Error('cancelled by the uploader'));
      },
    });
    await expect(run).rejects.toThrow('cancelled by the uploader');
    expect(await exists(outputDir)).toBe(false);
    expect(await exists(`${outputDir}.partial`)).toBe(false);
  });
});
