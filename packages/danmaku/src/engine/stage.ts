import { namedSizePx } from '../model.ts';
import type { DanmakuSettings, Density } from './settings.ts';

/** Where and how comments move: all that placement and motion need, in CSS px and ms. */
export interface Stage {
  readonly width: number;
  /** The bottom edge of the display area; comments stay in 0…height. */
  readonly height: number;
  readonly rowHeight: number;
  /** How long a scrolling comment takes to cross: the same for all, so longer ones move faster. */
  readonly scrollDuration: number;
  /** How long a top or bottom comment stays. */
  readonly fixedDuration: number;
  /** Pixels kept free between two comments in one row. */
  readonly gap: number;
  /** Place over other comments when every row is taken, instead of dropping. */
  readonly overlap: boolean;
}

export const baseScrollDuration = 8000;
export const fixedDuration = 4000;
export const lineHeight = 1.2;
const bottomClearShare = 0.15;

/** The gap, in rows, that each density keeps between comments of a row. */
const gapRows: Readonly<Record<Density, number>> = {
  sparse: 6,
  normal: 1,
  dense: 0,
  unlimited: 0,
};

export function rowHeightFor(fontScale: number): number {
  return Math.round(namedSizePx.normal * fontScale * lineHeight);
}

export function stageFor(
  size: { readonly width: number; readonly height: number },
  settings: DanmakuSettings,
): Stage {
  const area = size.height * settings.displayArea;
  const rowHeight = rowHeightFor(settings.fontScale);
  return {
    width: size.width,
    height: settings.keepBottomClear ? Math.min(area, size.height * (1 - bottomClearShare)) : area,
    rowHeight,
    scrollDuration: baseScrollDuration / settings.speed,
    fixedDuration,
    gap: gapRows[settings.density] * rowHeight,
    overlap: settings.density === 'unlimited',
  };
}
