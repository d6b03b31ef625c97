import type { DanmakuMode } from '@melon/shared/danmaku/modes';
import type { Stage } from './stage.ts';

export interface Moving {
  readonly mode: DanmakuMode;
  /** Video time (ms) at which the comment enters. */
  readonly start: number;
  readonly width: number;
}

export function durationOf(mode: DanmakuMode, stage: Stage): number {
  return mode === 'scroll' || mode === 'reverse' ? stage.scrollDuration : stage.fixedDuration;
}

/** Pixels per ms: every scrolling comment crosses width + its own width in the same time. */
export function speedOf(width: number, stage: Stage): number {
  return (stage.width + width) / stage.scrollDuration;
}

/** The left edge at `time`, a pure function of the video time, so pause, seek and rate follow. */
export function leftAt(item: Moving, time: number, stage: Stage): number {
  switch (item.mode) {
    case 'scroll':
      return stage.width - (time - item.start) * speedOf(item.width, stage);
    case 'reverse':
      return (time - item.start) * speedOf(item.width, stage) - item.width;
    case 'top':
    case 'bottom':
      return (stage.width - item.width) / 2;
  }
}
