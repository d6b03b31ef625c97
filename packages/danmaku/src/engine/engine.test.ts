import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDanmaku } from '../testing.ts';
import { createDanmakuEngine, type DanmakuEngine, type DanmakuEngineOptions } from './engine.ts';
import { FakeVideo } from './fake-video.testing.ts';

/** Just enough of a 2D context: text is 0.5 em per character, drawImage calls are recorded. */
class FakeContext {
  font = '10px x';
  globalAlpha = 1;
  draws: { image: unknown; x: number; y: number }[] = [];
  clears = 0;
  readonly owner: { width: number; height: number };
  constructor(owner: { width: number; height: number }) {
    this.owner = owner;
  }
  get px() {
    return Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 10);
  }
  measureText(text: string) {
    const width = text.length * this.px * 0.5;
    const ink = text.trim() === '' ? 0 : 1;
    return {
      width,
      fontBoundingBoxAscent: this.px * 0.88,
      fontBoundingBoxDescent: this.px * 0.12,
      actualBoundingBoxAscent: this.px * 0.8 * ink,
      actualBoundingBoxDescent: this.px * 0.1 * ink,
      actualBoundingBoxLeft: 0,
      actualBoundingBoxRight: width,
    };
  }
  drawImage(image: unknown, x: number, y: number) {
    this.draws.push({ image, x, y });
  }
  clearRect() {
    this.clears++;
    this.draws = [];
  }
  setTransform() {}
  strokeText() {}
  fillText() {}
  strokeRect() {}
}

class FakeOffscreenCanvas {
  width: number;
  height: number;
  readonly context = new FakeContext(this);
  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
  }
  getContext() {
    return this.context;
  }
  transferToImageBitmap() {
    return { width: this.width, height: this.height, close: () => undefined };
  }
}

function fakeCanvas(width = 800, height = 450) {
  const canvas = { clientWidth: width, clientHeight: height, width: 0, height: 0 };
  const context = new FakeContext(canvas);
  return {
    context,
    canvas: Object.assign(canvas, { getContext: () => context }) as unknown as HTMLCanvasElement &
      typeof canvas,
  };
}

let frames: Map<number, (now: number) => void>;
let handle = 0;
function runFrame(frameTime = 0) {
  const due = [...frames];
  frames.clear();
  for (const [, callback] of due) callback(frameTime);
}

beforeEach(() => {
  frames = new Map();
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  vi.stubGlobal('devicePixelRatio', 1);
  vi.stubGlobal('requestAnimationFrame', (callback: (now: number) => void) => {
    frames.set(++handle, callback);
    return handle;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const comment = testDanmaku;

/** 4 characters at 25 px: 50 px wide; it crosses 800 + 50 px in 8 s. */
const speed = 850 / 8000;

function setup(options: Partial<DanmakuEngineOptions> = {}) {
  const { canvas, context } = fakeCanvas();
  let now = 0;
  const engine: DanmakuEngine = createDanmakuEngine({ canvas, clock: () => now, ...options });
  const at = (time: number) => {
    now = time;
    runFrame();
    return context.draws;
  };
  return { engine, canvas, context, at };
}

describe('the engine', () => {
  it('moves comments by the video clock alone', () => {
    const { engine, at } = setup();
    engine.load([comment({ time: 1000 })]);
    expect(at(500)).toEqual([]);
    // The bitmap starts 3 px left of the text, for the outline.
    expect(at(2000)).toMatchObject([{ x: Math.round(800 - 1000 * speed) - 3 }]);
    const later = at(5000);
    expect(later).toMatchObject([{ x: Math.round(800 - 4000 * speed) - 3 }]);
    // Reaching the same time by another path (another playback rate) gives the same frame.
    const again = setup();
    again.engine.load([comment({ time: 1000 })]);
    for (let t = 0; t <= 5000; t += 250) again.at(t);
    expect(again.context.draws.map(({ x, y }) => ({ x, y }))).toEqual(
      later.map(({ x, y }) => ({ x, y })),
    );
  });

  it('draws nothing new while the clock stands still (paused)', () => {
    const { engine, context, at } = setup();
    engine.load([comment()]);
    at(100);
    const clears = context.clears;
    at(100);
    at(100);
    expect(context.clears).toBe(clears);
  });

  it('rasterises at most 8 new comments a frame; the rest follow in the next frames', () => {
    const { engine, context, at } = setup();
    engine.load(Array.from({ length: 15 }, (_, n) => comment({ mode: 'top', text: `顶部${n}` })));
    expect(at(100)).toHaveLength(8);
    // Paused: the frames go on drawing until every comment is there, then rest.
    expect(at(100)).toHaveLength(15);
    const clears = context.clears;
    at(100);
    expect(context.clears).toBe(clears);
    expect(engine.stats().onScreen).toBe(15);
  });

  it('clears and places again from the new time on a seek', () => {
    const { engine, at } = setup();
    const early = comment({ time: 1000, text: 'early' });
    const late = comment({ time: 20_000, text: 'late' });
    engine.load([early, late]);
    at(1000);
    expect(at(21_000)).toHaveLength(1);
    expect(engine.commentAt(800 - 1000 * speed + 1, 5)).toEqual(late);
    // Back to 3 s: the early one (62.5 px wide) is where it would be after 2 s, the late one gone.
    const [shown] = at(3000);
    expect(engine.stats().onScreen).toBe(1);
    expect(shown?.x).toBe(Math.round(800 - 2000 * ((800 + 62.5) / 8000)) - 3);
  });

  it('drops a comment when every row is taken, unless density is unlimited', () => {
    const many = Array.from({ length: 20 }, () => comment({ mode: 'top' }));
    const normal = setup();
    normal.engine.load(many);
    normal.at(0);
    expect(normal.engine.stats()).toEqual({ onScreen: 15, dropped: 5 });
    const unlimited = setup({ settings: { density: 'unlimited' } });
    unlimited.engine.load(many);
    unlimited.at(0);
    expect(unlimited.engine.stats()).toEqual({ onScreen: 20, dropped: 0 });
  });

  it('shows the viewer’s own comment at once, even when the rows are full', () => {
    const { engine, at } = setup();
    engine.load(Array.from({ length: 15 }, () => comment({ mode: 'top' })));
    at(2000);
    const mine = comment({ time: 2000, own: true, text: '我的' });
    engine.add(mine);
    expect(engine.stats().onScreen).toBe(16);
    expect(engine.commentAt(400, 10)).toBeDefined();
    runFrame();
    expect(engine.stats().onScreen).toBe(16);
  });

  it('applies settings: off, opacity, blocked modes, display area', () => {
    const { engine, context, at } = setup();
    engine.load([comment({ mode: 'top' }), comment({ mode: 'bottom' })]);
    expect(at(0)).toHaveLength(2);
    engine.configure({ opacity: 0.5 });
    expect(at(10)).toHaveLength(2);
    expect(context.globalAlpha).toBe(0.5);
    engine.configure({ blockedModes: ['top'] });
    expect(at(20)).toHaveLength(1);
    engine.configure({ displayArea: 0.5, keepBottomClear: true });
    expect(at(30)).toHaveLength(1);
    expect(engine.commentAt(400, 200)?.mode).toBe('bottom');
    expect(engine.commentAt(400, 226)).toBeUndefined();
    engine.configure({ enabled: false });
    expect(at(40)).toEqual([]);
    expect(engine.stats().onScreen).toBe(0);
    engine.configure({ enabled: true });
    expect(at(50)).toHaveLength(1);
  });

  it('finds the comment under a point, and holds it while the video plays on', () => {
    const { engine, at } = setup();
    const top = comment({ mode: 'top', text: '顶部' });
    const scrolling = comment({ text: '滚动' });
    engine.load([top, scrolling]);
    at(2000);
    const x = 800 - 2000 * ((800 + 25) / 8000);
    expect(engine.commentAt(400, 10)).toEqual(top);
    expect(engine.commentAt(x + 10, 10)).toEqual(scrolling);
    expect(engine.commentAt(x + 10, 200)).toBeUndefined();
    engine.hold(scrolling.id);
    at(3000);
    expect(engine.commentAt(x + 10, 10)).toEqual(scrolling);
    engine.release();
    at(4000);
    expect(engine.commentAt(x + 10, 10)).toBeUndefined();
    expect(engine.commentAt(x - 1000 * ((800 + 25) / 8000) + 10, 10)).toEqual(scrolling);
  });

  it('follows the device pixel ratio and the canvas size', () => {
    vi.stubGlobal('devicePixelRatio', 2);
    const { engine, canvas, at } = setup();
    expect([canvas.width, canvas.height]).toEqual([1600, 900]);
    engine.load([comment({ mode: 'top' })]);
    const [drawn] = at(0);
    expect(drawn?.x).toBe(Math.round(((800 - 50) / 2) * 2) - 6);
    canvas.clientWidth = 400;
    engine.resize();
    expect(canvas.width).toBe(800);
    expect(at(0)[0]?.x).toBe(Math.round(((400 - 50) / 2) * 2) - 6);
  });

  it('moves comments on every frame of the screen, not of the video, when given a video', () => {
    const video = new FakeVideo({ fps: 30, hz: 60 });
    const { canvas, context } = fakeCanvas();
    const engine = createDanmakuEngine({ canvas, video: video.asElement() });
    engine.load([comment({ time: 1000 })]);
    video.play();
    const xs: number[] = [];
    for (let i = 0; i < 120; i++) {
      runFrame(video.refresh());
      if (i >= 60) xs.push(context.draws[0]?.x ?? Number.NaN);
    }
    // 60 display frames of a 30 fps video: 60 places, each a little further left.
    expect(new Set(xs).size).toBe(60);
    expect(xs.every((x, i) => i === 0 || x < (xs[i - 1] ?? 0))).toBe(true);
    // Seeking while paused: the screen is placed again at the new time.
    video.pause();
    video.startSeek(500);
    runFrame(video.refresh());
    expect(context.draws).toEqual([]);
    engine.destroy();
    expect(video.pendingFrameCallbacks).toBe(0);
  });
});
