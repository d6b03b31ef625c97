import type { DanmakuMode } from '@melon/shared/danmaku/modes';
import { createPositionedLayer } from '../advanced/positioned-layer.ts';
import type { Danmaku } from '../model.ts';
import { drawnInRows, sizeToPx } from '../model.ts';
import { createFrameLoop } from './frame-loop.ts';
import { itemAt } from './hit-test.ts';
import { createMediaClock, type FrameClock } from './media-clock.ts';
import { durationOf, leftAt } from './motion.ts';
import { createPlacer, type Placer } from './placement.ts';
import { defaultSettings, resolveSettings, type DanmakuSettings } from './settings.ts';
import { stageFor, type Stage } from './stage.ts';
import { createTextPainter, type Measured, type TextBitmap } from './text-painter.ts';
import { createTimeline, indexFrom } from './timeline.ts';
import { watchSize } from './watch-size.ts';

export interface DanmakuEngineOptions {
  /** Sized by the page's CSS to cover the video; the engine sets its pixel size. */
  readonly canvas: HTMLCanvasElement;
  /** The video: the engine follows its clock, seeks and source changes. */
  readonly video?: HTMLVideoElement;
  /** Milliseconds into the video at an animation frame; defaults to the video's media clock. */
  readonly clock?: FrameClock;
  readonly settings?: Partial<DanmakuSettings>;
  readonly fontFamily?: string;
}

export interface DanmakuEngine {
  /** Replaces every comment of the video. */
  load(list: readonly Danmaku[]): void;
  /** One more comment (live, or the viewer's own, which appears at once at its time). */
  add(danmaku: Danmaku): void;
  remove(id: string): void;
  readonly settings: DanmakuSettings;
  configure(patch: Partial<DanmakuSettings>): void;
  /** The comment drawn under a point, in CSS px from the canvas's top left corner. */
  commentAt(x: number, y: number): Danmaku | undefined;
  /** Stops one comment where it is (hover or tap) until {@link DanmakuEngine.release}. */
  hold(id: string): void;
  release(): void;
  /** Re-measures the canvas; called by itself on resize, fullscreen and zoom. */
  resize(): void;
  stats(): { readonly onScreen: number; readonly dropped: number };
  destroy(): void;
}

interface Item {
  readonly danmaku: Danmaku;
  readonly mode: DanmakuMode;
  readonly label: string;
  readonly measured: Measured;
  readonly width: number;
  readonly height: number;
  start: number;
  end: number;
  y: number;
  heldAt: number | undefined;
  bitmap: TextBitmap | undefined;
}

/** A jump of the clock larger than this is a seek: the screen is placed again from scratch. */
const seekThreshold = 1500;
/**
 * A step back smaller than this is not a seek: a pause shows the video's own time, which the
 * extrapolated clock may have run a little ahead of.
 */
const backstepTolerance = 250;
/**
 * At most this many comments are rasterised in one frame; the others wait for the next frames
 * (a few ms each on a phone). Playing, about one comment enters per frame; placing the screen
 * anew (a seek, a newly loaded pool) enters a whole screen at once, which drawn in one frame
 * would block the page for hundreds of ms on a phone.
 */
const newBitmapsPerFrame = 8;

const filterKeys = [
  'blockedModes',
  'blockColoured',
  'blockAdvanced',
  'blockedColours',
  'shieldWords',
  'mergeDuplicates',
  'mergeWindowMs',
] as const satisfies readonly (keyof DanmakuSettings)[];

function missingContext(): never {
  throw new Error('danmaku: no 2D canvas context');
}

export function createDanmakuEngine(options: DanmakuEngineOptions): DanmakuEngine {
  const { canvas, video } = options;
  const mediaClock = !options.clock && video ? createMediaClock(video) : undefined;
  const clock = options.clock ?? mediaClock?.read;
  if (!clock) throw new TypeError('createDanmakuEngine needs a video element or a clock');
  const context = canvas.getContext('2d') ?? missingContext();
  const painter = createTextPainter(options.fontFamily);

  let settings = resolveSettings(defaultSettings, options.settings ?? {});
  const timeline = createTimeline(settings);
  const positioned = createPositionedLayer(settings, options.fontFamily);
  let positionedOnScreen = 0;
  let size = { width: 0, height: 0 };
  let dpr = 1;
  let stage: Stage = stageFor(size, settings);
  let placer: Placer = createPlacer(stage);
  let active: Item[] = [];
  let next = 0;
  let time = Number.NaN;
  /** Starts never go backwards, which placement relies on. */
  let newest = Number.NEGATIVE_INFINITY;
  let stale = true;
  let dirty = true;
  let dropped = 0;
  let held: Item | undefined;

  const loop = createFrameLoop(clock, frame);

  function frame(now: number): void {
    if (!settings.enabled) return;
    if (
      stale ||
      Number.isNaN(time) ||
      time - now > backstepTolerance ||
      now - time > seekThreshold
    ) {
      replace(now);
    } else if (now > time) {
      admit(now);
    } else if (now === time && !dirty) {
      return;
    }
    time = now;
    // A frame that left comments to rasterise is drawn again even if the clock stands still.
    dirty = !draw(now);
  }

  /** Clears the screen and places what would be on it at `now`, keeping bitmaps still valid. */
  function replace(now: number): void {
    const kept = new Map<string, Item>();
    for (const item of active) kept.set(item.danmaku.id, item);
    active = [];
    held = undefined;
    placer = createPlacer(stage);
    newest = Number.NEGATIVE_INFINITY;
    const list = timeline.visible;
    next = indexFrom(list, now - Math.max(stage.scrollDuration, stage.fixedDuration));
    admit(now, kept);
    for (const item of kept.values()) item.bitmap?.close();
    stale = false;
  }

  function admit(now: number, kept?: Map<string, Item>): void {
    const list = timeline.visible;
    while (next < list.length) {
      const danmaku = list[next];
      if (!danmaku || danmaku.time > now) break;
      next++;
      enter(danmaku, now, kept);
    }
  }

  function enter(danmaku: Danmaku, now: number, kept?: Map<string, Item>): void {
    const copies = timeline.copiesOf(danmaku.id);
    const label = copies > 1 ? `${danmaku.text} ×${copies}` : danmaku.text;
    const fontPx = sizeToPx(danmaku.size) * settings.fontScale;
    const reusable = kept?.get(danmaku.id);
    const previous =
      reusable?.label === label && reusable.measured.fontPx === fontPx ? reusable : undefined;
    const measured = previous ? previous.measured : painter.measure(label, fontPx);
    if (measured.width === 0) return;
    const start = Math.max(danmaku.time, newest);
    const end = start + durationOf(danmaku.mode, stage);
    if (end <= now) return;
    const item: Item = {
      danmaku,
      mode: danmaku.mode,
      label,
      measured,
      width: measured.width,
      height: measured.height,
      start,
      end,
      y: 0,
      heldAt: undefined,
      bitmap: undefined,
    };
    const slot = placer.place(item, danmaku.own);
    if (!slot) {
      dropped++;
      return;
    }
    if (previous) {
      item.bitmap = previous.bitmap;
      kept?.delete(danmaku.id);
    }
    newest = start;
    item.y = slot.y;
    active.push(item);
    dirty = true;
  }

  /** Draws the screen at `now`; answers false when comments wait for their bitmaps. */
  function draw(now: number): boolean {
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.globalAlpha = settings.opacity;
    // Beneath the rows: a picture made of advanced danmaku does not cover the comments.
    positionedOnScreen = positioned.draw(context, now, { ...size, dpr });
    let kept = 0;
    let painted = 0;
    for (const item of active) {
      if (item !== held && now >= item.end) {
        item.bitmap?.close();
        continue;
      }
      active[kept++] = item;
      const at = item.heldAt ?? now;
      if (at < item.start) continue;
      const x = leftAt(item, at, stage);
      if (x >= stage.width || x + item.width <= 0) continue;
      if (!item.bitmap) {
        if (painted === newBitmapsPerFrame) continue;
        painted++;
        item.bitmap = painter.paint(item.measured, {
          colour: item.danmaku.colour,
          own: item.danmaku.own,
          dpr,
        });
      }
      const bitmap = item.bitmap;
      // Whole device pixels: a plain copy, no resampling.
      context.drawImage(
        bitmap.image,
        Math.round(x * dpr) + bitmap.x,
        Math.round(item.y * dpr) + bitmap.y,
      );
    }
    active.length = kept;
    return painted < newBitmapsPerFrame;
  }

  function release(): void {
    if (!held) return;
    const shift = time - (held.heldAt ?? time);
    held.start += shift;
    held.end += shift;
    held.heldAt = undefined;
    held = undefined;
    dirty = true;
  }

  function clearScreen(): void {
    for (const item of active) item.bitmap?.close();
    active = [];
    positioned.clear();
    positionedOnScreen = 0;
    held = undefined;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
  }

  function invalidate(): void {
    stale = true;
    dirty = true;
  }

  function dropBitmaps(): void {
    for (const item of active) {
      item.bitmap?.close();
      item.bitmap = undefined;
    }
  }

  function resize(): void {
    const ratio = globalThis.devicePixelRatio || 1;
    if (ratio !== dpr) dropBitmaps();
    dpr = ratio;
    size = { width: canvas.clientWidth, height: canvas.clientHeight };
    canvas.width = Math.round(size.width * dpr);
    canvas.height = Math.round(size.height * dpr);
    stage = stageFor(size, settings);
    invalidate();
  }

  const unwatchSize = watchSize(canvas, resize);

  const videoEvents = [
    ['seeking', invalidate],
    ['emptied', invalidate],
  ] as const;
  for (const [name, listener] of videoEvents) video?.addEventListener(name, listener);

  resize();
  if (settings.enabled) loop.start();

  return {
    load(list) {
      timeline.load(list.filter(drawnInRows));
      positioned.load(list);
      invalidate();
    },
    add(danmaku) {
      if (!drawnInRows(danmaku)) {
        positioned.add(danmaku);
        dirty = true;
        return;
      }
      const index = timeline.add(danmaku);
      if (index === -1 || Number.isNaN(time) || stale) return;
      // Already due (the viewer's own, sent at the current time, or one that arrived late):
      // it enters now, even while the video is paused.
      if (index < next || danmaku.time <= time) {
        next++;
        enter(danmaku, time);
      }
    },
    remove(id) {
      timeline.remove(id);
      positioned.remove(id);
      invalidate();
    },
    get settings() {
      return settings;
    },
    configure(patch) {
      const before = settings;
      settings = resolveSettings(settings, patch);
      if (filterKeys.some((key) => before[key] !== settings[key])) {
        timeline.filter(settings);
        positioned.filter(settings);
      }
      if (before.fontScale !== settings.fontScale) dropBitmaps();
      stage = stageFor(size, settings);
      if (!settings.enabled) {
        loop.stop();
        clearScreen();
        return;
      }
      if (!before.enabled) loop.start();
      const onlyOpacity = (Object.keys(settings) as (keyof DanmakuSettings)[]).every(
        (key) => key === 'opacity' || before[key] === settings[key],
      );
      if (onlyOpacity) {
        dirty = true;
      } else {
        invalidate();
      }
    },
    commentAt(x, y) {
      return Number.isNaN(time) ? undefined : itemAt(active, x, y, time, stage)?.danmaku;
    },
    hold(id) {
      release();
      if (Number.isNaN(time)) return;
      held = active.find((item) => item.danmaku.id === id);
      if (held) held.heldAt = time;
    },
    release,
    resize,
    stats: () => ({ onScreen: active.length + positionedOnScreen, dropped }),
    destroy() {
      loop.stop();
      mediaClock?.destroy();
      unwatchSize();
      for (const [name, listener] of videoEvents) video?.removeEventListener(name, listener);
      clearScreen();
    },
  };
}
