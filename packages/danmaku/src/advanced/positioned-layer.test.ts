import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixturePath } from '@melon/shared/testing/fixtures';
import { parseBilibiliXml } from '../bilibili-xml.ts';
import { createDanmakuEngine } from '../engine/engine.ts';
import { testDanmaku } from '../testing.ts';
import { withBilibiliMode } from './with-bilibili-mode.ts';

/*
 * The engine with advanced danmaku, on a canvas that records what is written into bitmaps and
 * where each bitmap is drawn (the transform and opacity in force).
 */

let written: string[];

class RecordingContext {
  font = '10px x';
  globalAlpha = 1;
  transform = [1, 0, 0, 1, 0, 0];
  draws: { transform: number[]; alpha: number }[] = [];
  get px() {
    return Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 10);
  }
  measureText(text: string) {
    const width = text.length * this.px;
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
  setTransform(...matrix: number[]) {
    this.transform = matrix;
  }
  drawImage() {
    this.draws.push({ transform: this.transform, alpha: this.globalAlpha });
  }
  clearRect() {
    this.draws = [];
  }
  strokeText(text: string) {
    written.push(text);
  }
  fillText(text: string) {
    written.push(text);
  }
  strokeRect() {}
}

class RecordingOffscreenCanvas {
  readonly context = new RecordingContext();
  width = 0;
  height = 0;
  getContext() {
    return this.context;
  }
  transferToImageBitmap() {
    return { close: () => undefined };
  }
}

let frames: (() => void)[];

beforeEach(() => {
  written = [];
  frames = [];
  vi.stubGlobal('OffscreenCanvas', RecordingOffscreenCanvas);
  vi.stubGlobal('devicePixelRatio', 1);
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(width = 672, height = 438) {
  const context = new RecordingContext();
  const canvas = {
    clientWidth: width,
    clientHeight: height,
    width: 0,
    height: 0,
    getContext: () => context,
  } as unknown as HTMLCanvasElement;
  let now = 0;
  const engine = createDanmakuEngine({ canvas, clock: () => now });
  const at = (time: number) => {
    now = time;
    const due = frames;
    frames = [];
    for (const callback of due) callback();
    return context.draws;
  };
  return { engine, at };
}

/** bilibili.xml as the web hands it to the engine. */
const bilibiliPool = parseBilibiliXml(
  readFileSync(fixturePath('danmaku', 'bilibili.xml'), 'utf8'),
).map((d) => withBilibiliMode(d, d.bilibiliMode));

/** A number within rounding of `value`, for matchers. */
const near = (value: number): unknown => expect.closeTo(value);

const advanced = (fields: unknown[], more: Parameters<typeof testDanmaku>[0] = {}) =>
  withBilibiliMode(testDanmaku({ mode: 'top', text: JSON.stringify(fields), ...more }), 7);

describe('advanced danmaku in the engine', () => {
  it('paints the words of bilibili.xml, never their JSON, and all 267 at once', () => {
    const { engine, at } = setup();
    engine.load(bilibiliPool);
    at(2000);
    expect(engine.stats().onScreen).toBe(267);
    expect(written.length).toBeGreaterThan(267);
    expect(written.filter((text) => /\["|"\]|","/.test(text))).toEqual([]);
  });

  it('places each at its time, position, rotation and opacity, scaled with the stage', () => {
    // From (100, 50) to (300, 250) over 1 s after 0.5 s, turned 30°, fading 1 → 0 over 4 s.
    const moving = advanced([100, 50, '1-0', 4, '动', 30, 0, 300, 250, 1000, 500], { time: 1000 });
    const turn = (30 * Math.PI) / 180;
    const expected = (x: number, y: number, alpha: number) => ({
      transform: [
        near(Math.cos(turn)),
        near(Math.sin(turn)),
        near(-Math.sin(turn)),
        near(Math.cos(turn)),
        x,
        y,
      ],
      alpha: near(alpha),
    });
    const { engine, at } = setup();
    engine.load([moving]);
    expect(at(900)).toEqual([]);
    expect(at(1000)).toEqual([expected(100, 50, 1)]);
    expect(at(2000)).toEqual([expected(200, 150, 0.75)]);
    expect(at(4000)).toEqual([expected(300, 250, 0.25)]);
    expect(at(5000)).toEqual([]);
    // Twice the reference stage: twice as far; 16:9, the stage fitted by its height and centred.
    const large = setup(1344, 876);
    large.engine.load([moving]);
    expect(large.at(2000)).toEqual([expected(400, 300, 0.75)]);
    const wide = setup(1280, 720);
    wide.engine.load([moving]);
    const scale = 720 / 438;
    expect(wide.at(2000)).toEqual([
      expected(Math.round((1280 - 672 * scale) / 2 + 200 * scale), Math.round(150 * scale), 0.75),
    ]);
  });

  it('squeezes a danmaku turned about Y by the cosine', () => {
    const { engine, at } = setup();
    engine.load([advanced([0, 0, '1', 4, 'Y', 0, 60])]);
    const [drawn] = at(0);
    expect(drawn?.transform.slice(0, 4)).toEqual([near(0.5), 0, -0, 1]);
  });

  it('keeps them out of the rows: top danmaku still get their 15 rows', () => {
    const { engine, at } = setup(800, 450);
    const tops = Array.from({ length: 20 }, () => testDanmaku({ mode: 'top' }));
    engine.load([...tops, ...bilibiliPool.filter((d) => d.advanced)]);
    at(1000);
    expect(engine.stats()).toEqual({ onScreen: 15 + 267, dropped: 5 });
    // Not hovered for the menu either: the picture is not a comment to act on.
    expect(engine.commentAt(500, 100)).toBeUndefined();
  });

  it('hides them all with 高级弹幕, and never draws code or unreadable ones', () => {
    const { engine, at } = setup();
    const code = withBilibiliMode(testDanmaku({ mode: 'top', text: 'def a = 1;' }), 8);
    const broken = withBilibiliMode(testDanmaku({ mode: 'top', text: '["1","2"' }), 7);
    engine.load([advanced([10, 10, '1', 4, '画']), code, broken]);
    expect(at(0)).toHaveLength(1);
    engine.configure({ blockAdvanced: true });
    expect(at(10)).toEqual([]);
    engine.configure({ blockAdvanced: false });
    expect(at(20)).toHaveLength(1);
    expect(new Set(written)).toEqual(new Set(['画']));
  });
});
