import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDerived } from './derived.ts';
import { generateClip } from './lavfi-clip.ts';
import { FFMPEG, FFMPEG_QUIET } from './presets.ts';
import { probe } from './probe.ts';
import { runTool } from './run-tool.ts';
import { storyboardInterval, vttTime } from './storyboard.ts';
import { streamFacts } from './testing/inspect-package.ts';
import { mediaFixture, tempDir } from './testing/fixtures.ts';

let dir = '';
let remove = async () => {};
beforeAll(async () => ({ dir, remove } = await tempDir()));
afterAll(() => remove());

async function derive(input: string, name: string) {
  return makeDerived({ input, outputDir: path.join(dir, name), probe: await probe(input) });
}

async function imageFacts(file: string) {
  const { format, width, height } = await sharp(file).metadata();
  return { format, width, height };
}

describe('makeDerived', () => {
  it('makes covers, a preview clip and a storyboard for the WebM fixture', async () => {
    const derived = await derive(mediaFixture('Big_Buck_Bunny_180_10s.webm'), 'webm');
    const file = (name: string) => path.join(derived.outputDir, name);

    // A 320×180 source is never enlarged.
    for (const size of ['large', 'middle'] as const) {
      const cover = derived.covers[size];
      expect(cover).toMatchObject({ width: 320, height: 180 });
      expect(await imageFacts(file(cover.jpeg))).toEqual({
        format: 'jpeg',
        width: 320,
        height: 180,
      });
      expect(await imageFacts(file(cover.webp))).toEqual({
        format: 'webp',
        width: 320,
        height: 180,
      });
    }

    const preview = await streamFacts(file(derived.preview));
    expect(preview).toMatchObject({ codec: 'h264', width: 320, height: 180 });
    expect(preview.duration).toBeCloseTo(6, 0);
    const { stdout } = await runTool('ffprobe', [
      '-v',
      'error',
      '-show_streams',
      file(derived.preview),
    ]);
    expect(stdout).not.toContain('codec_type=audio');

    const { storyboard } = derived;
    expect(storyboard).toMatchObject({ interval: 2, width: 160, height: 90, count: 5 });
    expect(storyboard.sheets).toEqual(['storyboard-001.jpg']);
    expect(await imageFacts(file('storyboard-001.jpg'))).toEqual({
      format: 'jpeg',
      width: 5 * 160,
      height: 90,
    });
    const index = JSON.parse(await readFile(file(storyboard.index), 'utf8')) as unknown;
    expect(index).toEqual({
      interval: 2,
      width: 160,
      height: 90,
      columns: 10,
      count: 5,
      sheets: ['storyboard-001.jpg'],
    });
    const vtt = await readFile(file(storyboard.vtt), 'utf8');
    expect(vtt.split('\n').slice(0, 6)).toEqual([
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:02.000',
      'storyboard-001.jpg#xywh=0,0,160,90',
      '',
      '00:00:02.000 --> 00:00:04.000',
    ]);
    expect(vtt).toContain('00:00:08.000 --> 00:00:10.000\nstoryboard-001.jpg#xywh=640,0,160,90');

    expect((await readdir(derived.outputDir)).sort()).toEqual([
      'cover-large.jpg',
      'cover-large.webp',
      'cover-middle.jpg',
      'cover-middle.webp',
      'preview.mp4',
      'storyboard-001.jpg',
      'storyboard.json',
      'storyboard.vtt',
    ]);
  });

  it('sizes covers of a larger, rotated source upright', async () => {
    const flat = path.join(dir, 'flat.mp4');
    await generateClip(flat, { width: 1280, height: 720, fps: 30, seconds: 2, audio: true });
    const portrait = path.join(dir, 'portrait.mp4');
    await runTool(FFMPEG, [
      ...FFMPEG_QUIET,
      ...['-i', flat, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', portrait],
    ]);
    const derived = await derive(portrait, 'portrait');
    expect(derived.covers.large).toMatchObject({ width: 506, height: 900 });
    expect(derived.covers.middle).toMatchObject({ width: 203, height: 360 });
    const preview = await streamFacts(path.join(derived.outputDir, derived.preview));
    expect([preview.width, preview.height]).toEqual([152, 270]);
    expect(derived.storyboard).toMatchObject({ width: 50, height: 90, count: 1 });
  });

  it('handles the one-second Indeo AVI', async () => {
    const derived = await derive(mediaFixture('video-1s.avi'), 'avi');
    expect(derived.covers.large).toMatchObject({ width: 256, height: 240 });
    const preview = await streamFacts(path.join(derived.outputDir, derived.preview));
    expect(preview.duration).toBeCloseTo(1, 0);
    expect(derived.storyboard.count).toBe(1);
  });

  it('leaves nothing behind when aborted', async () => {
    const controller = new AbortController();
    const input = mediaFixture('Big_Buck_Bunny_180_10s.webm');
    const outputDir = path.join(dir, 'aborted');
    const run = makeDerived({
      input,
      outputDir,
      probe: await probe(input),
      signal: controller.signal,
    });
    setTimeout(() => {
      controller.abort(new Error('stopped'));
    }, 50);
    await expect(run).rejects.toThrow('stopped');
    for (const leftover of [outputDir, `${outputDir}.partial`]) {
      await expect(access(leftover)).rejects.toThrow();
    }
  });
});

describe('vttTime', () => {
  it.each([
    [0, '00:00:00.000'],
    [2, '00:00:02.000'],
    [61.5, '00:01:01.500'],
    [3723.25, '01:02:03.250'],
  ])('%d s → %s', (seconds, expected) => {
    expect(vttTime(seconds)).toBe(expected);
  });
});

describe('storyboardInterval', () => {
  it.each([
    [1, 2],
    [10, 2],
    [600, 2],
    [601, 3],
    [3600, 12],
  ])('%d s → every %d s', (duration, expected) => {
    expect(storyboardInterval(duration)).toBe(expected);
  });
});
