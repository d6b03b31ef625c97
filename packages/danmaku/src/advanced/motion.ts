import type { Advanced, StagePoint } from './advanced.ts';
import { pointAlong } from './motion-path.ts';

/** Where an advanced danmaku is and how opaque, `elapsed` ms after its time. */
export interface AdvancedState extends StagePoint {
  readonly alpha: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * A pure function of the time since it appeared, so pause, seeks and playback rate follow the
 * video: it waits `motionDelay` at its start, moves along its path for `motionDuration` (at a
 * constant speed, or speeding up from rest), then stays at its end; its opacity goes from the
 * first value to the second over its whole lifetime.
 */
export function stateAt(advanced: Advanced, elapsed: number): AdvancedState {
  const moving = elapsed - advanced.motionDelay;
  const progress =
    advanced.motionDuration > 0 ? clamp01(moving / advanced.motionDuration) : moving >= 0 ? 1 : 0;
  const share = advanced.accelerate ? progress * progress : progress;
  const life = clamp01(elapsed / advanced.lifetime);
  return {
    ...pointAlong(advanced.path, share),
    alpha: advanced.alphaFrom + (advanced.alphaTo - advanced.alphaFrom) * life,
  };
}
