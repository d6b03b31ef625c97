import danmakuPackage from 'danmaku';
import { luminance, colourToHex } from '@melon/danmaku/colour';
import { createDanmakuEngine } from '@melon/danmaku/engine/engine';
import type { Danmaku as Comment } from '@melon/danmaku/model';

/**
 * Vite bundles the package's ES build, whose default export is the class; TypeScript reads
 * the types as those of its CommonJS build, where the class is `.default`.
 */
const Danmaku = danmakuPackage as unknown as typeof danmakuPackage.default;

export interface Scheduled {
  readonly text: string;
  readonly colour: number;
  /** ms from the start of the trial's clock. */
  readonly time: number;
}

export interface Running {
  onScreen(): number;
  stop(): void;
}

export interface Scene {
  readonly stage: HTMLElement;
  /** The trial's clock, standing in for the video's currentTime (ms). */
  readonly clock: () => number;
  readonly fontFamily: string;
}

export interface ScrollingContest extends Scene {
  readonly comments: readonly Scheduled[];
  /** ms a scrolling comment takes to cross the stage, the same for both engines. */
  readonly duration: number;
  readonly fontPx: number;
}

/** Melon's engine over `stage` with `list`, showing everything: no row limit, nothing dropped. */
export function startMelon(scene: Scene, list: readonly Comment[], duration = 8000): Running {
  const canvas = document.createElement('canvas');
  scene.stage.append(canvas);
  const engine = createDanmakuEngine({
    canvas,
    clock: scene.clock,
    fontFamily: scene.fontFamily,
    // Both engines show every comment: overlap once the rows are full, drop nothing.
    settings: { density: 'unlimited', speed: 8000 / duration },
  });
  engine.load(list);
  return {
    onScreen: () => engine.stats().onScreen,
    stop: () => {
      engine.destroy();
      canvas.remove();
    },
  };
}

export function startMelonScrolling(contest: ScrollingContest): Running {
  const list = contest.comments.map((c, i): Comment => ({
    id: String(i),
    time: c.time,
    text: c.text,
    colour: c.colour,
    mode: 'scroll',
    size: contest.fontPx,
    pool: 'normal',
    own: false,
    sendTime: 0,
    likes: 0,
  }));
  return startMelon(contest, list, contest.duration);
}

/** The `danmaku` package's internals, read only to count what it has on screen. */
interface DanmakuInternals {
  readonly _: { readonly runningList: readonly unknown[] };
}

export function startDanmakuPackage(contest: ScrollingContest): Running {
  const stroke = Math.max(1, Math.round(contest.fontPx / 14));
  // A media element as far as the package looks at one: its clock and a few events.
  const media = {
    get currentTime() {
      return contest.clock() / 1000;
    },
    paused: false,
    playbackRate: 1,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as HTMLMediaElement;
  const danmaku = new Danmaku({
    container: contest.stage,
    media,
    engine: 'canvas',
    speed: contest.stage.offsetWidth / (contest.duration / 1000),
    comments: contest.comments.map((c) => ({
      text: c.text,
      time: c.time / 1000,
      mode: 'rtl' as const,
      // The same look as Melon's: bold, outlined on both sides of the glyph edge.
      style: {
        font: `bold ${contest.fontPx}px ${contest.fontFamily}`,
        fillStyle: colourToHex(c.colour),
        strokeStyle: luminance(c.colour) < 0.25 ? '#ffffff' : '#000000',
        lineWidth: stroke * 2,
        lineJoin: 'round',
        textBaseline: 'bottom',
      } as unknown as CanvasRenderingContext2D,
    })),
  });
  return {
    onScreen: () => (danmaku as unknown as DanmakuInternals)._.runningList.length,
    stop: () => {
      danmaku.destroy();
    },
  };
}
