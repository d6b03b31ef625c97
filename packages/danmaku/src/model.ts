import type { DanmakuMode, DanmakuPool } from '@melon/shared/danmaku/modes';
import type { Advanced } from './advanced/advanced.ts';

/** A named size, or a font size in CSS pixels at font scale 1. */
export type DanmakuSize = 'small' | 'normal' | 'large' | number;

/** One danmaku as the engine sees it. */
export interface Danmaku {
  readonly id: string;
  /** Milliseconds into the video. */
  readonly time: number;
  /** Plain text, never markup; `\n` breaks a line. */
  readonly text: string;
  /** 24-bit RGB, 0xffffff is white. */
  readonly colour: number;
  readonly mode: DanmakuMode;
  readonly size: DanmakuSize;
  readonly pool: DanmakuPool;
  /** Sent by the viewer watching: drawn with a border and never filtered away. */
  readonly own: boolean;
  /** UTC milliseconds. */
  readonly sendTime: number;
  readonly likes: number;
  /**
   * A bilibili advanced danmaku (mode 7): drawn where its parameters place it, outside the
   * scrolling, top and bottom rows; its `text` is then the JSON it was read from.
   */
  readonly advanced?: Advanced;
  /** Kept and listed but never drawn: a code danmaku, or an advanced one that could not be read. */
  readonly neverDrawn?: boolean;
}

/** Whether a danmaku takes a place in the scrolling, top and bottom rows. */
export function drawnInRows(danmaku: Danmaku): boolean {
  return danmaku.advanced === undefined && danmaku.neverDrawn !== true;
}

/** bilibili's font sizes, which Melon's named sizes follow. */
export const namedSizePx = { small: 18, normal: 25, large: 36 } as const;

export function sizeToPx(size: DanmakuSize): number {
  return typeof size === 'number' ? size : namedSizePx[size];
}
