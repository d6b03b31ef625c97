import { RESUME_TOLERANCE_S } from '@melon/shared/api/constants';

export interface StartPositionInput {
  /** Seconds; 0 when not known yet. */
  duration: number;
  /** The 6-minute preview of paid content, when this is one. */
  preview: { clipEnd: number; sessionFlag: boolean } | null;
  loggedIn: boolean;
  /** The viewer asked to play the item again from the start. */
  replay: boolean;
  /** The `start` query parameter, in seconds. */
  startParam: number | null;
  /** Where the viewer last stopped: watch progress, or the locally stored position. */
  remembered: number | null;
  /** Opening and ending marks (seconds), when the item has them. */
  openingMark: number | null;
  endingMark: number | null;
  skipOpening: boolean;
}

export type StartRule =
  'preview' | 'replay' | 'start-param' | 'remembered' | 'skip-opening' | 'zero';

export interface StartPosition {
  seconds: number;
  rule: StartRule;
}

const positive = (n: number | null): n is number => n !== null && Number.isFinite(n) && n > 0;

/**
 * SPEC §4, first rule wins: (1) the 6-minute preview continues from the clip's end when logged in
 * with the session flag; (2) a replay starts at 0; (3) a `start` parameter inside the video;
 * (4) the remembered position, unless it lies within 5 s of the opening (nothing watched yet) or
 * of the ending (the video was finished); (5) with skip-opening on, the opening mark; else 0.
 */
export function startPosition(input: StartPositionInput): StartPosition {
  const { duration, preview } = input;
  if (preview && input.loggedIn && preview.sessionFlag && positive(preview.clipEnd)) {
    return { seconds: preview.clipEnd, rule: 'preview' };
  }
  if (input.replay) return { seconds: 0, rule: 'replay' };
  if (positive(input.startParam) && input.startParam < duration) {
    return { seconds: input.startParam, rule: 'start-param' };
  }
  const opening = positive(input.openingMark) ? input.openingMark : 0;
  const ending =
    positive(input.endingMark) && input.endingMark < duration ? input.endingMark : duration;
  if (
    positive(input.remembered) &&
    input.remembered > opening + RESUME_TOLERANCE_S &&
    input.remembered < ending - RESUME_TOLERANCE_S
  ) {
    return { seconds: input.remembered, rule: 'remembered' };
  }
  if (input.skipOpening && opening > 0 && opening < duration) {
    return { seconds: opening, rule: 'skip-opening' };
  }
  return { seconds: 0, rule: 'zero' };
}

/**
 * Where playback ends early: with skip on, at the ending mark (the credits are skipped); else
 * null and the video plays to its end.
 */
export function skipEndingAt(input: {
  duration: number;
  endingMark: number | null;
  skipEnding: boolean;
}): number | null {
  const { duration, endingMark, skipEnding } = input;
  return skipEnding && positive(endingMark) && endingMark < duration ? endingMark : null;
}

/**
 * SPEC §4: skip opening and ending defaults to on for desktop devices, except the newer iPads,
 * which present themselves as a Mac but have a touch screen; phones default to off.
 */
export function defaultSkip(device: { userAgent: string; maxTouchPoints: number }): boolean {
  const { userAgent, maxTouchPoints } = device;
  if (/Mobile|Android|iPhone|iPad|iPod/i.test(userAgent)) return false;
  const newPad = /Macintosh/.test(userAgent) && maxTouchPoints > 1;
  return !newPad;
}
