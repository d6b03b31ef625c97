import { createBlockFilter, type FilterSettings } from '../engine/filter.ts';
import {
  createTextPainter,
  defaultFontFamily,
  type TextBitmap,
  type TextPainter,
} from '../engine/text-painter.ts';
import { indexAfter, indexFrom } from '../engine/timeline.ts';
import { sizeToPx, type Danmaku } from '../model.ts';
import type { Advanced } from './advanced.ts';
import { stateAt } from './motion.ts';
import { fitReference } from './reference-stage.ts';

/** The canvas the layer draws on: CSS px and its device pixel ratio. */
export interface LayerView {
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
}

/**
 * bilibili's advanced danmaku, each where its parameters place it at the video's time: no rows,
 * no placement, nothing kept between frames but their bitmaps, so seeks and pauses need nothing.
 */
export interface PositionedLayer {
  /** Keeps the advanced danmaku of `list`; the others are the rows'. */
  load(list: readonly Danmaku[]): void;
  add(danmaku: Danmaku): void;
  remove(id: string): void;
  filter(settings: FilterSettings): void;
  /** Draws those showing at `now` (ms into the video); answers how many it drew. */
  draw(context: CanvasRenderingContext2D, now: number, view: LayerView): number;
  /** Frees every bitmap. */
  clear(): void;
}

/** Reference pixels: a larger size in a pool is absurd, and would make huge bitmaps. */
const maxFontPx = 200;
/** Device pixels either way; a danmaku that would paint more is not drawn. */
const maxBitmapPx = 8192;
/** Distinct font families given their own painter; the rest get the engine's font. */
const maxFamilies = 8;

interface Sprite {
  /** The font size and pixel ratio it was painted at. */
  readonly key: string;
  /** Undefined when there is nothing to draw or it would be too big. */
  readonly bitmap: TextBitmap | undefined;
  frame: number;
}

export function createPositionedLayer(
  initial: FilterSettings,
  fontFamily = defaultFontFamily,
): PositionedLayer {
  let settings = initial;
  let all: Danmaku[] = [];
  let shown: Danmaku[] = [];
  /** The longest lifetime of those shown: how far back a frame looks for the ones still on. */
  let longest = 0;
  const sprites = new Map<string, Sprite>();
  const painters = new Map<string, TextPainter>();
  const basePainter = createTextPainter(fontFamily);
  let frame = 0;

  function refilter(): void {
    shown = all.filter(createBlockFilter(settings));
    longest = shown.reduce((most, d) => Math.max(most, d.advanced?.lifetime ?? 0), 0);
  }

  function painterFor(family: string | undefined): TextPainter {
    if (family === undefined) return basePainter;
    let painter = painters.get(family);
    if (!painter) {
      if (painters.size >= maxFamilies) return basePainter;
      painter = createTextPainter(`${family}, ${fontFamily}`);
      painters.set(family, painter);
    }
    return painter;
  }

  function spriteOf(danmaku: Danmaku, advanced: Advanced, fontPx: number, dpr: number): Sprite {
    const key = `${fontPx}@${dpr}`;
    const cached = sprites.get(danmaku.id);
    if (cached?.key === key) return cached;
    cached?.bitmap?.close();
    const painter = painterFor(advanced.fontFamily);
    const measured = painter.measure(advanced.text, fontPx);
    const fits =
      measured.width > 0 &&
      measured.width * dpr <= maxBitmapPx &&
      measured.height * dpr <= maxBitmapPx;
    const sprite: Sprite = {
      key,
      bitmap: fits
        ? painter.paint(measured, {
            colour: danmaku.colour,
            own: false,
            dpr,
            noOutline: !advanced.stroke,
          })
        : undefined,
      frame,
    };
    sprites.set(danmaku.id, sprite);
    return sprite;
  }

  function drop(id: string): void {
    sprites.get(id)?.bitmap?.close();
    sprites.delete(id);
  }

  return {
    load(list) {
      all = list.filter((d) => d.advanced).sort((a, b) => a.time - b.time);
      refilter();
    },
    add(danmaku) {
      if (!danmaku.advanced) return;
      all.splice(indexAfter(all, danmaku.time), 0, danmaku);
      refilter();
    },
    remove(id) {
      all = all.filter((d) => d.id !== id);
      drop(id);
      refilter();
    },
    filter(next) {
      settings = next;
      refilter();
    },
    draw(context, now, view) {
      frame++;
      const fit = fitReference(view.width, view.height);
      const base = context.globalAlpha;
      let drawn = 0;
      const end = indexAfter(shown, now);
      for (let i = indexFrom(shown, now - longest); i < end && fit.scale > 0; i++) {
        const danmaku = shown[i];
        const advanced = danmaku?.advanced;
        if (!danmaku || !advanced || now - danmaku.time >= advanced.lifetime) continue;
        const state = stateAt(advanced, now - danmaku.time);
        if (state.alpha <= 0) continue;
        const fontPx = Math.min(maxFontPx, sizeToPx(danmaku.size)) * fit.scale;
        const sprite = spriteOf(danmaku, advanced, fontPx, view.dpr);
        sprite.frame = frame;
        if (!sprite.bitmap) continue;
        const turn = (advanced.rotateZ * Math.PI) / 180;
        const squeeze = Math.cos((advanced.rotateY * Math.PI) / 180);
        const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
        context.globalAlpha = base * state.alpha;
        // Its top left corner at its place, in whole device pixels; turned and squeezed there.
        context.setTransform(
          cos * squeeze,
          sin * squeeze,
          -sin,
          cos,
          Math.round((fit.left + state.x * fit.scale) * view.dpr),
          Math.round((fit.top + state.y * fit.scale) * view.dpr),
        );
        context.drawImage(sprite.bitmap.image, sprite.bitmap.x, sprite.bitmap.y);
        drawn++;
      }
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.globalAlpha = base;
      for (const [id, sprite] of sprites) if (sprite.frame !== frame) drop(id);
      return drawn;
    },
    clear() {
      for (const id of [...sprites.keys()]) drop(id);
    },
  };
}
