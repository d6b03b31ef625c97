/*
 * Time limits of the ffprobe and ffmpeg runs on user media (issue 11 item 3): no run is without
 * one, and runs that read the whole video get one scaled to its length.
 */

/** One ffprobe run: the headers, or a packet or a frame at the start. */
export const PROBE_DEADLINE_MS = 30_000;

/** A short ffmpeg run: the cover frame, the 6-second preview clip. */
export const SHORT_RUN_DEADLINE_MS = 120_000;

/** The no-progress watchdog of runs over the whole video: killed when stuck this long. */
export const STALL_MS = 120_000;

/** Seconds of work allowed per second of video: the ladder (every rung from one decode). */
export const LADDER_SECONDS_PER_SECOND = 20;

/** Seconds of work allowed per second of video: the storyboard (a decode, a few thumbnails). */
export const STORYBOARD_SECONDS_PER_SECOND = 4;

/** The deadline of a run over the whole video: two minutes, plus its share per second of it. */
export function wholeVideoDeadlineMs(durationSeconds: number, secondsPerSecond: number): number {
  return 120_000 + Math.ceil(Math.max(durationSeconds, 0) * secondsPerSecond * 1000);
}
