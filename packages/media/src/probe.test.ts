import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClip } from './lavfi-clip.ts';
import { probe, summarizeProbe, type FfprobeStream } from './probe.ts';
import { MediaToolError } from './run-tool.ts';
import { mediaFixture, tempDir } from './testing/fixtures.ts';

describe('summarizeProbe', () => {
  const stream = {
    index: 0,
    codec_type: 'video',
    codec_name: 'h264',
    width: 1920,
    height: 1080,
    avg_frame_rate: '30000/1001',
    r_frame_rate: '30000/1001',
  };

  it('reads container, duration, rate and the audio stream', () => {
    const summary = summarizeProbe(
      {
        format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5' },
        streams: [
          stream,
          { index: 1, codec_type: 'audio', codec_name: 'aac', sample_rate: '44100', channels: 2 },
        ],
      },
      1234,
    );
    expect(summary).toEqual({
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
      duration: 12.5,
      sizeBytes: 1234,
      video: {
        index: 0,
        codec: 'h264',
        width: 1920,
        height: 1080,
        displayWidth: 1920,
        displayHeight: 1080,
        fps: 29.97,
        rotation: 0,
        frames: null,
      },
      audio: { index: 1, codec: 'aac', sampleRate: 44100, channels: 2 },
    });
  });

  it.each<[string, Partial<FfprobeStream>, number, number, number]>([
    [
      'display matrix −90°',
      { side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] },
      270,
      1080,
      1920,
    ],
    [
      'display matrix 90°',
      { side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] },
      90,
      1080,
      1920,
    ],
    [
      'display matrix 180°',
      { side_data_list: [{ side_data_type: 'Display Matrix', rotation: 180 }] },
      180,
      1920,
      1080,
    ],
    ['old rotate tag', { tags: { rotate: '90' } }, 270, 1080, 1920],
    ['anamorphic 4:3 pixels', { sample_aspect_ratio: '4:3', width: 1440 }, 0, 1920, 1080],
  ])('%s', (_name, extra, rotation, displayWidth, displayHeight) => {
    const { video } = summarizeProbe({ streams: [{ ...stream, ...extra }] }, 1);
    expect(video).toMatchObject({ rotation, displayWidth, displayHeight });
  });

  it('skips cover art and falls back to the base frame rate', () => {
    const summary = summarizeProbe(
      {
        format: { format_name: 'mp3' },
        streams: [
          { index: 0, codec_type: 'audio', codec_name: 'mp3' },
          { index: 1, codec_type: 'video', codec_name: 'png', disposition: { attached_pic: 1 } },
        ],
      },
      1,
    );
    expect(summary.video).toBeNull();
    expect(summary.duration).toBe(0);
    const rate = summarizeProbe(
      { streams: [{ ...stream, avg_frame_rate: '0/0', r_frame_rate: '25/1' }] },
      1,
    );
    expect(rate.video?.fps).toBe(25);
  });
});

describe('probe', () => {
  let dir = '';
  let remove = async () => {};
  beforeAll(async () => ({ dir, remove } = await tempDir()));
  afterAll(() => remove());

  it('reads the VP9 WebM fixture: no audio', async () => {
    const summary = await probe(mediaFixture('Big_Buck_Bunny_180_10s.webm'));
    expect(summary).toMatchObject({
      container: 'matroska,webm',
      duration: 10,
      sizeBytes: 225_951,
      video: { codec: 'vp9', width: 320, height: 180, fps: 30, rotation: 0 },
      audio: null,
    });
  });

  it('reads the Indeo AVI fixture at 35 fps', async () => {
    const summary = await probe(mediaFixture('video-1s.avi'));
    expect(summary).toMatchObject({
      container: 'avi',
      duration: 1,
      video: { codec: 'indeo4', width: 256, height: 240, fps: 35, frames: 35 },
    });
  });

  it('reads a generated clip with audio', async () => {
    const file = path.join(dir, 'clip.mp4');
    await generateClip(file, { width: 320, height: 180, fps: 30, seconds: 1, audio: true });
    const summary = await probe(file);
    expect(summary.video).toMatchObject({ codec: 'h264', width: 320, height: 180, fps: 30 });
    expect(summary.audio).toMatchObject({ codec: 'aac', sampleRate: 48_000, channels: 1 });
    expect(summary.duration).toBeCloseTo(1, 1);
  });

  it('rejects a file ffprobe cannot read', async () => {
    await expect(probe(path.join(import.meta.dirname, 'probe.test.ts'))).rejects.toBeInstanceOf(
      MediaToolError,
    );
  });
});
