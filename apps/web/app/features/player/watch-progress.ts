/** The player reports the position of a signed-in viewer after this much playback (SPEC §7). */
export const PROGRESS_REPORT_EVERY_S = 15;
/**
 * A jump of the playhead larger than this between two time updates is a seek, not playback:
 * time updates come four times a second or so, and a 2× rate moves the playhead 0.5 s.
 */
export const MAX_PLAYED_STEP_S = 2;

/** Why a position is reported: a stretch of playback, a pause, the page going away, the end. */
export type ProgressReason = 'playback' | 'pause' | 'hide' | 'end';

export interface ProgressReporterOptions {
  report: (seconds: number, reason: ProgressReason) => void;
  everyS?: number;
}

/**
 * Decides when the player tells the server where the viewer is (decision 029): after every 15 s
 * actually played (seeks do not count), and at once on pause, on the page being hidden or left,
 * and at the end (the item's length: watched through). The same position is never sent twice
 * in a row.
 */
export function createProgressReporter(options: ProgressReporterOptions) {
  const everyS = options.everyS ?? PROGRESS_REPORT_EVERY_S;
  let played = 0;
  let lastTime: number | null = null;
  let lastSent: number | null = null;

  const send = (seconds: number, reason: ProgressReason) => {
    played = 0;
    if (!Number.isFinite(seconds) || seconds < 0) return;
    const rounded = Math.round(seconds * 10) / 10;
    if (rounded === lastSent) return;
    lastSent = rounded;
    options.report(rounded, reason);
  };

  return {
    /** A time update while playing. */
    playing(seconds: number): void {
      const step = lastTime === null ? 0 : seconds - lastTime;
      lastTime = seconds;
      if (step > 0 && step <= MAX_PLAYED_STEP_S) played += step;
      if (played >= everyS) send(seconds, 'playback');
    },
    /** The playhead moved without playing (a seek): the next stretch counts from here. */
    moved(seconds: number): void {
      lastTime = seconds;
    },
    paused(seconds: number): void {
      send(seconds, 'pause');
    },
    hidden(seconds: number): void {
      send(seconds, 'hide');
    },
    ended(duration: number): void {
      send(duration, 'end');
    },
  };
}
export type ProgressReporter = ReturnType<typeof createProgressReporter>;
