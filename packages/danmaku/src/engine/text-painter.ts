import { colourToHex, luminance } from '../colour.ts';
import { lineHeight } from './stage.ts';

/** A comment's text laid out: its box in CSS px, which placement and hit testing use. */
export interface Measured {
  readonly lines: readonly string[];
  readonly fontPx: number;
  readonly width: number;
  readonly height: number;
  /** Each line's alphabetic baseline, from the top of the box. */
  readonly baselines: readonly number[];
  /** Where the glyphs actually put ink, relative to the box (empty when top >= bottom). */
  readonly ink: {
    readonly left: number;
    readonly top: number;
    readonly right: number;
    readonly bottom: number;
  };
}

export interface Look {
  readonly colour: number;
  /** The viewer's own comment, drawn with a border. */
  readonly own: boolean;
  readonly dpr: number;
  /** Drawn without its outline (an advanced danmaku can ask for that); outlined otherwise. */
  readonly noOutline?: boolean;
}

/** A comment drawn once at device resolution, to be copied onto the stage every frame. */
export interface TextBitmap {
  readonly image: CanvasImageSource;
  /** Device pixels from the box's top left corner to the image's. */
  readonly x: number;
  readonly y: number;
  close(): void;
}

export interface TextPainter {
  measure(text: string, fontPx: number): Measured;
  paint(measured: Measured, look: Look): TextBitmap;
}

type Surface = OffscreenCanvas | HTMLCanvasElement;
type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

export const defaultFontFamily =
  '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

const ownBorder = 2;

function createSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function context2d(surface: Surface): Context {
  const context = surface.getContext('2d');
  if (!context) throw new Error('danmaku: no 2D canvas context');
  return context;
}

export function outlineOf(fontPx: number): number {
  return Math.max(1, Math.round(fontPx / 14));
}

export function createTextPainter(fontFamily = defaultFontFamily): TextPainter {
  const font = (px: number) => `bold ${px}px ${fontFamily}`;
  const measuring = context2d(createSurface(1, 1));
  /**
   * One scratch canvas for every comment: drawing into it and handing its pixels over as an
   * ImageBitmap saves creating a canvas and a context per comment.
   */
  let scratch: { surface: Surface; context: Context } | undefined;
  const surfaceOf = (width: number, height: number) => {
    if (typeof OffscreenCanvas !== 'function') {
      const surface = createSurface(width, height);
      return { surface, context: context2d(surface) };
    }
    if (!scratch) {
      const surface = createSurface(width, height);
      scratch = { surface, context: context2d(surface) };
    }
    scratch.surface.width = width;
    scratch.surface.height = height;
    return scratch;
  };

  return {
    measure(text, fontPx) {
      const lines = text.split('\n');
      const line = fontPx * lineHeight;
      measuring.font = font(fontPx);
      let width = 0;
      const baselines: number[] = [];
      const ink = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
      lines.forEach((text, i) => {
        const m = measuring.measureText(text);
        const glyphs = m.fontBoundingBoxAscent + m.fontBoundingBoxDescent;
        const baseline = i * line + (line - glyphs) / 2 + m.fontBoundingBoxAscent;
        baselines.push(baseline);
        width = Math.max(width, m.width);
        if (m.actualBoundingBoxAscent + m.actualBoundingBoxDescent <= 0) return;
        ink.left = Math.min(ink.left, -m.actualBoundingBoxLeft);
        ink.right = Math.max(ink.right, m.actualBoundingBoxRight);
        ink.top = Math.min(ink.top, baseline - m.actualBoundingBoxAscent);
        ink.bottom = Math.max(ink.bottom, baseline + m.actualBoundingBoxDescent);
      });
      return {
        lines,
        fontPx,
        width: Math.ceil(width),
        height: Math.ceil(lines.length * line),
        baselines,
        ink,
      };
    },

    paint(measured, look) {
      // Only the pixels that get ink (with the outline and the own border): every pixel
      // of a bitmap is blended onto the stage every frame, transparent or not.
      const spread = outlineOf(measured.fontPx) + 1;
      let { left, top, right, bottom } = measured.ink;
      if (top >= bottom) ({ left, top, right, bottom } = { left: 0, top: 0, right: 0, bottom: 0 });
      left -= spread;
      top -= spread;
      right += spread;
      bottom += spread;
      if (look.own) {
        const edge = ownBorder + 1;
        left = Math.min(left, -edge);
        top = Math.min(top, -edge);
        right = Math.max(right, measured.width + edge);
        bottom = Math.max(bottom, measured.height + edge);
      }
      const x = Math.floor(left * look.dpr);
      const y = Math.floor(top * look.dpr);
      const width = Math.max(1, Math.ceil(right * look.dpr) - x);
      const height = Math.max(1, Math.ceil(bottom * look.dpr) - y);
      const { surface, context } = surfaceOf(width, height);
      context.setTransform(look.dpr, 0, 0, look.dpr, -x, -y);
      draw(context, measured, look, font(measured.fontPx));
      if (surface instanceof OffscreenCanvas) {
        const image = surface.transferToImageBitmap();
        return {
          image,
          x,
          y,
          close: () => {
            image.close();
          },
        };
      }
      return { image: surface, x, y, close: () => undefined };
    },
  };
}

function draw(context: Context, measured: Measured, look: Look, font: string): void {
  if (look.own) {
    context.strokeStyle = '#ffffff';
    context.lineWidth = 1.5;
    context.strokeRect(
      -ownBorder,
      -ownBorder,
      measured.width + 2 * ownBorder,
      measured.height + 2 * ownBorder,
    );
  }
  context.font = font;
  context.textBaseline = 'alphabetic';
  context.lineJoin = 'round';
  context.lineWidth = outlineOf(measured.fontPx) * 2;
  // Dark text gets a light outline, so black comments stay readable on dark scenes.
  context.strokeStyle = luminance(look.colour) < 0.25 ? '#ffffff' : '#000000';
  context.fillStyle = colourToHex(look.colour);
  // Every outline first: lines drawn close together (a picture made of danmaku) would
  // otherwise have each line's outline cut into the one above.
  if (!look.noOutline) {
    measured.lines.forEach((text, i) => {
      context.strokeText(text, 0, measured.baselines[i] ?? 0);
    });
  }
  measured.lines.forEach((text, i) => {
    context.fillText(text, 0, measured.baselines[i] ?? 0);
  });
}
