import type { FrameClock } from './media-clock.ts';

export interface FrameLoop {
  start(): void;
  stop(): void;
}

/**
 * Calls `onFrame` on every animation frame of the screen with the clock's video time (ms) for
 * that frame, so motion runs at the display's rate, not the video's. A frame whose time has not
 * moved costs the caller a comparison.
 */
export function createFrameLoop(clock: FrameClock, onFrame: (time: number) => void): FrameLoop {
  let running = false;
  let handle = 0;

  const onAnimationFrame = (frameTime: number) => {
    if (!running) return;
    handle = requestAnimationFrame(onAnimationFrame);
    onFrame(clock(frameTime));
  };

  return {
    start() {
      if (running) return;
      running = true;
      handle = requestAnimationFrame(onAnimationFrame);
    },
    stop() {
      if (!running) return;
      running = false;
      cancelAnimationFrame(handle);
    },
  };
}
