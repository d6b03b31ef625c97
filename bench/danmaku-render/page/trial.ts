import { startDanmakuPackage, startMelon, type Contest, type Running } from './contestants.ts';

export interface TrialRequest {
  readonly engine: 'melon' | 'danmaku';
  /** Comments entering per scroll duration: how many are on screen once it is full. */
  readonly load: number;
  readonly texts: readonly { readonly text: string; readonly colour: number }[];
  readonly duration: number;
  readonly warmupMs: number;
  readonly measureMs: number;
  readonly fontFamily: string;
  readonly fontPx: number;
}

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

const median = (values: readonly number[], q = 0.5) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
};

window.runTrial = async (request) => {
  const stage = document.getElementById('stage');
  if (!stage) throw new Error('no #stage');
  const total = request.warmupMs + request.measureMs + 1000;
  const every = request.duration / request.load;
  const comments = Array.from({ length: Math.ceil(total / every) }, (_, i) => {
    const { text, colour } = request.texts[i % request.texts.length] ?? { text: '', colour: 0 };
    return { text, colour, time: i * every };
  });
  const start = performance.now();
  const contest: Contest = {
    stage,
    comments,
    duration: request.duration,
    fontFamily: request.fontFamily,
    fontPx: request.fontPx,
    clock: () => performance.now() - start,
  };
  const running: Running =
    request.engine === 'melon' ? startMelon(contest) : startDanmakuPackage(contest);

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
    medianFrameMs: median(frameTimes),
    p90FrameMs: median(frameTimes, 0.9),
    medianOnScreen: median(onScreen),
    frames: frameTimes.length,
  };
};
