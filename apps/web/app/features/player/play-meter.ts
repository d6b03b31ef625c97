import { PLAY_COUNTS_AFTER_MS } from '@melon/shared/contracts/plays';
import { MAX_PLAYED_STEP_S } from './watch-progress.ts';

/**
 * Measures how long an item has really played — time updates while playing, seeks left out —
 * and calls `reached` once, with the milliseconds played, when that makes a play (3 s,
 * decision 039).
 */
export function createPlayMeter(reached: (playedMs: number) => void) {
  let playedS = 0;
  let lastTime: number | null = null;
  let done = false;
  return {
    /** A time update while playing. */
    playing(seconds: number): void {
      const step = lastTime === null ? 0 : seconds - lastTime;
      lastTime = seconds;
      if (step > 0 && step <= MAX_PLAYED_STEP_S) playedS += step;
      const playedMs = Math.round(playedS * 1000);
      if (!done && playedMs >= PLAY_COUNTS_AFTER_MS) {
        done = true;
        reached(playedMs);
      }
    },
    /** The playhead moved without playing (a seek, a pause): the next stretch counts from here. */
    moved(seconds: number): void {
      lastTime = seconds;
    },
  };
}
