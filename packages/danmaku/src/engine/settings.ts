import { DANMAKU_MODES, type DanmakuMode } from '@melon/shared/danmaku/modes';
import { isColour } from '../colour.ts';

export type DisplayArea = 0.25 | 0.5 | 0.75 | 1;

/**
 * How close comments may come: 'sparse', 'normal' and 'dense' keep a shrinking gap between
 * comments in a row and drop what does not fit; 'unlimited' drops nothing and lets comments
 * overlap once every row is taken.
 */
export type Density = 'sparse' | 'normal' | 'dense' | 'unlimited';

/** The viewer's danmaku settings: plain data, so the web app can remember them per user. */
export interface DanmakuSettings {
  readonly enabled: boolean;
  /** 0.1–1. */
  readonly opacity: number;
  /** The share of the height, from the top, that comments may use. */
  readonly displayArea: DisplayArea;
  /** 0.5–2, multiplies every font size. */
  readonly fontScale: number;
  /** 0.5–2, multiplies how fast scrolling comments cross. */
  readonly speed: number;
  readonly density: Density;
  readonly blockedModes: readonly DanmakuMode[];
  /** Hide every comment that is not white (bilibili's 屏蔽彩色). */
  readonly blockColoured: boolean;
  /** Hide bilibili's advanced (positioned) danmaku, bilibili's 屏蔽高级弹幕. */
  readonly blockAdvanced: boolean;
  readonly blockedColours: readonly number[];
  /** Plain strings match anywhere, ignoring case; `/pattern/flags` is a regular expression. */
  readonly shieldWords: readonly string[];
  readonly mergeDuplicates: boolean;
  /** Copies of a comment within this many ms of the first are shown once, as "text ×n". */
  readonly mergeWindowMs: number;
  /** Keep the bottom 15% clear, where subtitles usually are. */
  readonly keepBottomClear: boolean;
}

export const defaultSettings: DanmakuSettings = {
  enabled: true,
  opacity: 1,
  displayArea: 1,
  fontScale: 1,
  speed: 1,
  density: 'normal',
  blockedModes: [],
  blockColoured: false,
  blockAdvanced: false,
  blockedColours: [],
  shieldWords: [],
  mergeDuplicates: false,
  mergeWindowMs: 10_000,
  keepBottomClear: false,
};

const areas: readonly DisplayArea[] = [0.25, 0.5, 0.75, 1];
const densities: readonly Density[] = ['sparse', 'normal', 'dense', 'unlimited'];

const clamp = (value: unknown, min: number, max: number, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(max, Math.max(min, value))
    : fallback;

const pick = <T>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.find((option) => option === value) ?? fallback;

const flag = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback;

/**
 * `base` with every valid field of `patch` applied; out-of-range numbers are clamped and
 * anything else ignored, so settings read back from storage can never break the engine.
 */
export function resolveSettings(base: DanmakuSettings, patch: unknown): DanmakuSettings {
  if (typeof patch !== 'object' || patch === null) return base;
  const p = patch as Partial<Record<keyof DanmakuSettings, unknown>>;
  const list = <T>(value: unknown, valid: (item: unknown) => item is T, fallback: readonly T[]) =>
    Array.isArray(value) ? [...new Set(value.filter(valid))] : fallback;
  return {
    enabled: flag(p.enabled, base.enabled),
    opacity: clamp(p.opacity, 0.1, 1, base.opacity),
    displayArea: pick(p.displayArea, areas, base.displayArea),
    fontScale: clamp(p.fontScale, 0.5, 2, base.fontScale),
    speed: clamp(p.speed, 0.5, 2, base.speed),
    density: pick(p.density, densities, base.density),
    blockedModes: list(
      p.blockedModes,
      (m): m is DanmakuMode => DANMAKU_MODES.some((mode) => mode === m),
      base.blockedModes,
    ),
    blockColoured: flag(p.blockColoured, base.blockColoured),
    blockAdvanced: flag(p.blockAdvanced, base.blockAdvanced),
    blockedColours: list(
      p.blockedColours,
      (c): c is number => typeof c === 'number' && isColour(c),
      base.blockedColours,
    ),
    shieldWords: list(
      p.shieldWords,
      (w): w is string => typeof w === 'string' && w.trim() !== '',
      base.shieldWords,
    ),
    mergeDuplicates: flag(p.mergeDuplicates, base.mergeDuplicates),
    mergeWindowMs: clamp(p.mergeWindowMs, 0, 60_000, base.mergeWindowMs),
    keepBottomClear: flag(p.keepBottomClear, base.keepBottomClear),
  };
}
