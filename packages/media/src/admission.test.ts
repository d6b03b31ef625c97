import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdmissionCode } from './admission-messages.ts';
import { admitVideo, judgeProbe } from './admission.ts';
import { generateClip } from './lavfi-clip.ts';
import { FFMPEG, FFMPEG_QUIET } from './presets.ts';
import type { ProbeSummary, VideoStreamSummary } from './probe.ts';
import { runTool } from './run-tool.ts';
import { mediaFixture, tempDir } from './testing/fixtures.ts';

const limits = { maxBytes: 100 * 1024 * 1024, maxDurationSeconds: 3600 };

describe('judgeProbe', () => {
  const video: VideoStreamSummary = {
    index: 0,
    codec: 'h264',
    width: 1280,
    height: 720,
    displayWidth: 1280,
    displayHeight: 720,
    fps: 30,
    rotation: 0,
    frames: 300,
  };
  const summary: ProbeSummary = {
    container: 'mov,mp4,m4a,3gp,3g2,mj2',
    duration: 10,
    sizeBytes: 1000,
    video,
    audio: null,
  };

  it.each<[string, Partial<ProbeSummary>, AdmissionCode | null]>([
    ['a video', {}, null],
    ['exactly one second', { duration: 1 }, null],
    ['no video stream', { video: null }, 'no_video'],
    ['image2 demuxer', { container: 'image2' }, 'still_image'],
    ['png_pipe demuxer', { container: 'png_pipe' }, 'still_image'],
    ['one-frame mjpeg', { video: { ...video, codec: 'mjpeg', frames: 1 } }, 'still_image'],
    [
      'one-frame gif',
      { container: 'gif', video: { ...video, codec: 'gif', frames: 1 } },
      'still_image',
    ],
    ['motion JPEG AVI', { container: 'avi', video: { ...video, codec: 'mjpeg' } }, null],
    ['zero duration', { duration: 0 }, 'too_short'],
    ['sub-second', { duration: 0.96 }, 'too_short'],
    ['over the duration limit', { duration: 3601 }, 'too_long'],
    ['over the size limit', { sizeBytes: limits.maxBytes + 1 }, 'too_large'],
    ['no frame rate', { video: { ...video, fps: 0 } }, 'unreadable'],
    ['4K at 60 fps', { video: { ...video, width: 3840, height: 2160, fps: 60 } }, null],
    [
      '8K at 30 fps (over the pixel rate)',
      { video: { ...video, width: 7680, height: 4320, fps: 30 } },
      'too_demanding',
    ],
    [
      '16K at 1 fps (over the picture size)',
      { video: { ...video, width: 15360, height: 8640, fps: 1 } },
      'too_demanding',
    ],
    ['1000 fps', { video: { ...video, width: 64, height: 36, fps: 1000 } }, 'too_demanding'],
  ])('%s → %s', (_name, change, expected) => {
    expect(judgeProbe({ ...summary, ...change }, limits)).toBe(expected);
  });
});

describe('admitVideo', () => {
  let dir = '';
  let remove = async () => {};
  beforeAll(async () => ({ dir, remove } = await tempDir()));
  afterAll(() => remove());

  async function ffmpeg(...args: string[]) {
    await runTool(FFMPEG, [...FFMPEG_QUIET, ...args]);
  }

  it('refuses the still image fixture, leaving nothing behind', async () => {
    const before = await readdir(dir);
    const result = await admitVideo(mediaFixture('image.jpg'), limits);
    expect(result).toEqual({
      ok: false,
      code: 'still_image',
      message: '这是一张图片，不是视频，请上传视频文件',
    });
    expect(await readdir(dir)).toEqual(before);
  });

  it.each(['Big_Buck_Bunny_180_10s.webm', 'video-1s.avi'])('admits %s', async (name) => {
    const result = await admitVideo(mediaFixture(name), limits);
    expect(result.ok).toBe(true);
  });

  it('admits a generated clip and returns its probe', async () => {
    const file = path.join(dir, 'ok.mp4');
    await generateClip(file, { width: 320, height: 180, fps: 30, seconds: 2, audio: true });
    const result = await admitVideo(file, limits);
    expect(result).toMatchObject({ ok: true, probe: { video: { codec: 'h264' } } });
  });

  it('refuses a still picture whatever its name or format', async () => {
    const picture = ['-f', 'lavfi', '-i', 'testsrc2=size=160x90', '-frames:v', '1'];
    for (const name of ['still.png', 'still.webp', 'still.gif', 'png-named.mp4']) {
      const file = path.join(dir, name);
      await ffmpeg(...picture, ...(name.endsWith('.mp4') ? ['-f', 'image2'] : []), file);
      const result = await admitVideo(file, limits);
      expect(result, name).toMatchObject({ ok: false, code: 'still_image' });
    }
  });

  it('admits an animated GIF', async () => {
    const file = path.join(dir, 'moving.gif');
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10:duration=2', file);
    expect((await admitVideo(file, limits)).ok).toBe(true);
  });

  it('refuses audio, also with cover art', async () => {
    const tone = ['-f', 'lavfi', '-i', 'sine=duration=2'];
    const m4a = path.join(dir, 'tone.m4a');
    await ffmpeg(...tone, m4a);
    expect(await admitVideo(m4a, limits)).toMatchObject({ ok: false, code: 'no_video' });

    const cover = path.join(dir, 'cover.png');
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=160x160', '-frames:v', '1', cover);
    const mp3 = path.join(dir, 'song.mp3');
    await ffmpeg(
      ...tone,
      ...['-i', cover, '-map', '0', '-map', '1', '-c:a', 'libmp3lame', '-c:v', 'png'],
      ...['-disposition:v', 'attached_pic', mp3],
    );
    expect(await admitVideo(mp3, limits)).toMatchObject({ ok: false, code: 'no_video' });
  });

  it('refuses a clip under one second', async () => {
    const file = path.join(dir, 'short.mp4');
    await generateClip(file, { width: 160, height: 90, fps: 30, seconds: 0.5, audio: false });
    expect(await admitVideo(file, limits)).toEqual({
      ok: false,
      code: 'too_short',
      message: '视频太短，时长至少需要 1 秒',
    });
  });

  it('refuses garbage, a truncated video, an empty file and a missing one', async () => {
    const garbage = path.join(dir, 'garbage.mp4');
    await writeFile(garbage, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256)));
    const empty = path.join(dir, 'empty.mp4');
    await writeFile(empty, '');
    const whole = path.join(dir, 'whole.mp4');
    await generateClip(whole, { width: 320, height: 180, fps: 30, seconds: 2, audio: true });
    const truncated = path.join(dir, 'truncated.mp4');
    await writeFile(truncated, (await readFile(whole)).subarray(0, 20_000));

    for (const file of [garbage, empty, truncated, path.join(dir, 'missing.mp4')]) {
      expect(await admitVideo(file, limits), file).toEqual({
        ok: false,
        code: 'unreadable',
        message: '无法读取该文件，文件可能已损坏或不是视频，请检查后重新上传',
      });
    }
  });

  it('refuses files over the configured limits with the limit in the message', async () => {
    const webm = mediaFixture('Big_Buck_Bunny_180_10s.webm');
    expect(await admitVideo(webm, { maxBytes: 100 * 1024, maxDurationSeconds: 3600 })).toEqual({
      ok: false,
      code: 'too_large',
      message: '文件太大，不能超过 100 KB',
    });
    expect(await admitVideo(webm, { maxBytes: limits.maxBytes, maxDurationSeconds: 5 })).toEqual({
      ok: false,
      code: 'too_long',
      message: '视频太长，时长不能超过 00:05',
    });
  });

  it('refuses tiny files that declare a huge picture, frame rate or length, saying the limit', async () => {
    const make = async (name: string, source: string) => {
      const file = path.join(dir, name);
      await ffmpeg(
        ...['-f', 'lavfi', '-i', source],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
      );
      return file;
    };
    const demanding = {
      ok: false,
      code: 'too_demanding',
      message:
        '视频分辨率或帧率太高：画面不能大于 7680×4320，帧率不能高于 240，宽×高×帧率不能超过 497,664,000（相当于 3840×2160 的 60 帧）',
    };
    const eightK = await make('8k.mp4', 'color=c=black:s=7680x4320:r=30:d=0.1');
    expect(await admitVideo(eightK, limits)).toEqual(demanding);
    const fast = await make('1000fps.mp4', 'color=c=black:s=64x36:r=1000:d=0.1');
    expect(await admitVideo(fast, limits)).toEqual(demanding);
    const long = await make('long.mp4', 'color=c=black:s=16x16:r=1:d=3700');
    expect((await stat(long)).size).toBeLessThan(1024 * 1024);
    expect(await admitVideo(long, limits)).toEqual({
      ok: false,
      code: 'too_long',
      message: '视频太长，时长不能超过 01:00:00',
    });
  });

  it('refuses a file ffprobe cannot judge within its deadline', async () => {
    const webm = mediaFixture('Big_Buck_Bunny_180_10s.webm');
    expect(await admitVideo(webm, { ...limits, probeDeadlineMs: 1 })).toEqual({
      ok: false,
      code: 'too_slow',
      message: '检查文件超时，文件可能已损坏，请检查后重新上传',
    });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(
      admitVideo(mediaFixture('video-1s.avi'), limits, controller.signal),
    ).rejects.toThrow('stopped');
  });
});
