import type { Danmaku as Comment } from '@melon/danmaku/model';
import {
  startDanmakuPackage,
  startMelon,
  startMelonScrolling,
  type Running,
  type Scene,
} from './contestants.ts';

interface TrialBase {
  /** CSS px of the stage (the player's box). */
  readonly stage: { readonly width: number; readonly height: number };
  readonly warmupMs: number;
  readonly measureMs: number;
  readonly fontFamily: string;
}

/** The same scrolling comments for either engine. */
export interface ScrollingTrial extends TrialBase {
  readonly kind: 'scrolling';
  readonly engine: 'melon' | 'danmaku';
  /** Comments entering per scroll duration: how many are on screen once it is full. */
  readonly load: number;
  readonly texts: readonly { readonly text: string; readonly colour: number }[];
  readonly duration: number;
  readonly fontPx: number;
}

/** Melon alone with a pool given whole (advanced danmaku: the `danmaku` package has none). */
export interface PoolTrial extends TrialBase {
  readonly kind: 'pool';
  readonly comments: readonly Comment[];
}

export type TrialRequest = ScrollingTrial | PoolTrial;

export interface TrialResult {
  readonly medianFrameMs: number;
  readonly p90FrameMs: number;
  readonly medianOnScreen: number;
  readonly frames: number;
}

declare global {
  interface Window {
    runTrial(request: TrialRequest): Promise<TrialResult>;
  }
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
};

function startScrolling(request: ScrollingTrial, scene: Scene): Running {
  const total = request.warmupMs + request.measureMs + 1000;
  const every = request.duration / request.load;
  const comments = Array.from({ length: Math.ceil(total / every) }, (_, i) => {
    const { text, colour } = request.texts[i % request.texts.length] ?? { text: '', colour: 0 };
    return { text, colour, time: i * every };
  });
  const contest = { ...scene, comments, duration: request.duration, fontPx: request.fontPx };
  return request.engine === 'melon' ? startMelonScrolling(contest) : startDanmakuPackage(contest);
}

window.runTrial = async (request) => {
  const stage = document.getElementById('stage');
  if (!stage) throw new Error('no #stage');
  stage.style.width = `${request.stage.width}px`;
  stage.style.height = `${request.stage.height}px`;
  const start = performance.now();
  const scene: Scene = {
    stage,
    fontFamily: request.fontFamily,
    clock: () => performance.now() - start,
  };
  const running =
    request.kind === 'scrolling'
      ? startScrolling(request, scene)
      : startMelon(scene, request.comments);

  const frameTimes: number[] = [];
  const onScreen: number[] = [];
  await new Promise<void>((resolve) => {
    let last = 0;
    const tick = (now: number) => {
      const elapsed = now - start;
      if (elapsed >= request.warmupMs) {
        if (last !== 0) frameTimes.push(now - last);
        onScreen.push(running.onScreen());
      }
      last = elapsed >= request.warmupMs ? now : 0;
      if (elapsed >= request.warmupMs + request.measureMs) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  running.stop();
  return {
    medianFrameMs: quantile(frameTimes, 0.5),
    p90FrameMs: quantile(frameTimes, 0.9),
    medianOnScreen: quantile(onScreen, 0.5),
    frames: frameTimes.length,
  };
};
