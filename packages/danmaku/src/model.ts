import type { DanmakuMode, DanmakuPool } from '@melon/shared/danmaku/modes';

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
}

/** bilibili's font sizes, which Melon's named sizes follow. */
export const namedSizePx = { small: 18, normal: 25, large: 36 } as const;

export function sizeToPx(size: DanmakuSize): number {
  return typeof size === 'number' ? size : namedSizePx[size];
}
