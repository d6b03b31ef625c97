import { describe, expect, it } from 'vitest';
import { ladderFps, planLadder, type Rung } from './ladder.ts';

/** "definition width×height@fps" per rung, the 120 fps variant marked with a "+". */
function shape(rungs: Rung[]): string[] {
  return rungs.map(
    (rung) =>
      `${rung.hfrVariant ? '+' : ''}${rung.definition} ${rung.width}x${rung.height}@${rung.fps}`,
  );
}

describe('planLadder', () => {
  it.each([
    [
      '1080p',
      { width: 1920, height: 1080, fps: 30 },
      ['360p 640x360@30', '480p 854x480@30', '720p 1280x720@30', '1080p 1920x1080@30'],
    ],
    [
      '4k at 60 fps',
      { width: 3840, height: 2160, fps: 60 },
      [
        '360p 640x360@60',
        '480p 854x480@60',
        '720p 1280x720@60',
        '1080p 1920x1080@60',
        '2k 2560x1440@60',
        '4k 3840x2160@60',
      ],
    ],
    [
      '2k at 24 fps',
      { width: 2560, height: 1440, fps: 24 },
      [
        '360p 640x360@24',
        '480p 854x480@24',
        '720p 1280x720@24',
        '1080p 1920x1080@24',
        '2k 2560x1440@24',
      ],
    ],
    [
      'between rungs: never upscaled',
      { width: 1000, height: 562, fps: 30 },
      ['360p 640x360@30', '480p 854x480@30'],
    ],
    ['below 360p: its own size', { width: 320, height: 180, fps: 30 }, ['360p 320x180@30']],
    ['odd sizes become even', { width: 321, height: 181, fps: 25 }, ['360p 320x180@25']],
    ['an AVI at 35 fps', { width: 256, height: 240, fps: 35 }, ['360p 256x240@35']],
    [
      'portrait phone video',
      { width: 1080, height: 1920, fps: 30 },
      ['360p 360x640@30', '480p 480x854@30', '720p 720x1280@30', '1080p 1080x1920@30'],
    ],
    [
      'scope film keeps its ratio',
      { width: 1920, height: 800, fps: 24 },
      ['360p 640x266@24', '480p 854x356@24', '720p 1280x534@24', '1080p 1920x800@24'],
    ],
    [
      '4:3',
      { width: 1440, height: 1080, fps: 25 },
      ['360p 480x360@25', '480p 640x480@25', '720p 960x720@25', '1080p 1440x1080@25'],
    ],
    [
      '120 fps: ladder at 60 plus a 120 fps top rung',
      { width: 1280, height: 720, fps: 120 },
      ['360p 640x360@60', '480p 854x480@60', '720p 1280x720@60', '+720p 1280x720@120'],
    ],
    [
      '119.88 fps',
      { width: 640, height: 360, fps: 119.88 },
      ['360p 640x360@59.94', '+360p 640x360@119.88'],
    ],
    [
      '240 fps: the variant stops at 120',
      { width: 640, height: 360, fps: 240 },
      ['360p 640x360@60', '+360p 640x360@120'],
    ],
    ['100 fps is not above 100', { width: 640, height: 360, fps: 100 }, ['360p 640x360@50']],
  ])('%s', (_name, source, expected) => {
    expect(shape(planLadder(source))).toEqual(expected);
  });

  it('labels definitions as SPEC §9 does', () => {
    const labels = planLadder({ width: 3840, height: 2160, fps: 30 }).map((rung) => [
      rung.definition,
      rung.label,
    ]);
    expect(labels).toEqual([
      ['360p', '标清'],
      ['480p', '标清'],
      ['720p', '高清'],
      ['1080p', '高清'],
      ['2k', '超清'],
      ['4k', '超清'],
    ]);
  });

  it.each([
    [{ width: 1920, height: 1080, fps: 30 }, [800_000, 1_200_000, 2_500_000, 4_500_000]],
    [{ width: 1920, height: 1080, fps: 60 }, [1_131_000, 1_697_000, 3_536_000, 6_364_000]],
    [{ width: 320, height: 180, fps: 30 }, [200_000]],
    [{ width: 1440, height: 1080, fps: 30 }, [600_000, 899_000, 1_875_000, 3_375_000]],
  ])('bitrates for %j', (source, expected) => {
    expect(planLadder(source).map((rung) => rung.bitrate)).toEqual(expected);
  });

  it.each([
    [30, false],
    [48, false],
    [50, true],
    [60, true],
  ])('%d fps is a high frame rate: %s (rates under 50 are ignored)', (fps, high) => {
    const rungs = planLadder({ width: 640, height: 360, fps });
    expect(rungs.map((rung) => rung.highFrameRate)).toEqual([high]);
    expect(rungs.some((rung) => rung.hfrVariant)).toBe(false);
  });

  it('refuses a source without size or rate', () => {
    expect(() => planLadder({ width: 0, height: 1080, fps: 30 })).toThrow(RangeError);
    expect(() => planLadder({ width: 1920, height: 1080, fps: 0 })).toThrow(RangeError);
  });
});

describe('ladderFps', () => {
  it.each([
    [23.976, 23.976],
    [30, 30],
    [35, 35],
    [59.94, 59.94],
    [60, 60],
    [60.2, 60.2],
    [90, 45],
    [100, 50],
    [120, 60],
    [144, 48],
    [240, 60],
  ])('%d fps → %d', (source, expected) => {
    expect(ladderFps(source)).toBe(expected);
  });
});
