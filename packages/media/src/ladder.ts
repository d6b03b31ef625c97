import {
  DEFINITION_RUNGS,
  type Definition,
  type DefinitionLabel,
  type DefinitionRung,
} from './definitions.ts';

/** The source as it is displayed: rotation and sample aspect ratio already applied. */
export interface LadderSource {
  width: number;
  height: number;
  fps: number;
}

export interface Rung {
  definition: Definition;
  label: DefinitionLabel;
  /** Even numbers, the source's aspect ratio. */
  width: number;
  height: number;
  fps: number;
  /** Target video bits per second. */
  bitrate: number;
  /** The rate counts as a high frame rate (≥ 50 fps); see HIGH_FRAME_RATE. */
  highFrameRate: boolean;
  /** The extra high-frame-rate copy of the top rung, for sources above 100 fps. */
  hfrVariant: boolean;
}

/** The ladder's frame rate ceiling: faster sources are decimated to the first rate at or below. */
export const MAX_LADDER_FPS = 60;
/** Sources above this rate also get a high-frame-rate variant of the top rung (SPEC §7). */
export const HFR_SOURCE_FPS = 100;
export const HFR_VARIANT_MAX_FPS = 120;
/**
 * SPEC §5 "frame rates under 50 ignored", read as: below 50 fps every rate is a standard rate
 * (24, 25, 30 and an AVI's 35 are all just "the source's rate"), so neither a high-frame-rate
 * badge nor the 120 fps variant logic ever looks at them; only rates of 50 and more count as high
 * frame rates, and of those only sources above 100 fps get the separate variant.
 */
export const HIGH_FRAME_RATE = 50;

const BASE_FPS = 30;

/**
 * The renditions for a source, lowest first: each definition whose box the source reaches in
 * width or in height (so 1920×800 scope films get 1080p and a 1080×1920 phone video too), scaled
 * to fit the box and never upscaled; a source below 360p gets one rendition at its own size.
 * Above 100 fps the top rung is repeated at up to 120 fps as the last entry.
 */
export function planLadder(source: LadderSource): Rung[] {
  if (!(source.width > 0 && source.height > 0 && source.fps > 0)) {
    throw new RangeError(`not a video size and rate: ${JSON.stringify(source)}`);
  }
  const long = Math.max(source.width, source.height);
  const short = Math.min(source.width, source.height);
  const fps = ladderFps(source.fps);
  const ownSize = {
    width: evenAtMost(source.width, source.width),
    height: evenAtMost(source.height, source.height),
  };

  const reached = DEFINITION_RUNGS.filter(
    (rung) => long >= rung.boxWidth || short >= rung.boxHeight,
  );
  const rungs = reached.map((rung) => {
    const scale = Math.min(rung.boxWidth / long, rung.boxHeight / short, 1);
    const size = {
      width: evenAtMost(source.width * scale, source.width),
      height: evenAtMost(source.height * scale, source.height),
    };
    return makeRung(rung, size, fps);
  });
  const lowest = DEFINITION_RUNGS[0];
  if (rungs.length === 0 && lowest) rungs.push(makeRung(lowest, ownSize, fps));

  const top = rungs.at(-1);
  const topRung = DEFINITION_RUNGS.find((rung) => rung.definition === top?.definition);
  if (top && topRung && source.fps > HFR_SOURCE_FPS) {
    const hfrFps = roundFps(Math.min(source.fps, HFR_VARIANT_MAX_FPS));
    rungs.push({ ...makeRung(topRung, top, hfrFps), hfrVariant: true });
  }
  return rungs;
}

/**
 * The source's rate up to 60; faster sources keep every n-th frame (120 → 60, 100 → 50, 90 → 45)
 * so motion stays even. A variable-rate phone video averaging a hair over 60 is still 60.
 */
export function ladderFps(sourceFps: number): number {
  const divisor = Math.max(Math.ceil(sourceFps / (MAX_LADDER_FPS * 1.01)), 1);
  return roundFps(sourceFps / divisor);
}

function makeRung(
  rung: DefinitionRung,
  size: { width: number; height: number },
  fps: number,
): Rung {
  // Bits scale with the picture's share of the box and, more slowly, with the frame rate.
  const boxArea = rung.boxWidth * rung.boxHeight;
  const areaShare = Math.min(Math.max((size.width * size.height) / boxArea, 0.25), 1);
  const fpsFactor = Math.min(Math.max(Math.sqrt(fps / BASE_FPS), 1), 2);
  return {
    definition: rung.definition,
    label: rung.label,
    width: size.width,
    height: size.height,
    fps,
    bitrate: Math.round((rung.bitrate * areaShare * fpsFactor) / 1000) * 1000,
    highFrameRate: fps >= HIGH_FRAME_RATE,
    hfrVariant: false,
  };
}

/** The nearest even number to `value`, no larger than `limit` rounded down to even, at least 2. */
function evenAtMost(value: number, limit: number): number {
  const ceiling = Math.floor(limit / 2) * 2;
  return Math.max(Math.min(Math.round(value / 2) * 2, ceiling), 2);
}

function roundFps(fps: number): number {
  return Math.round(fps * 1000) / 1000;
}
