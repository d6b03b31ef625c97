import type { Danmaku } from '../model.ts';
import { parseAdvanced } from './parse-advanced.ts';
import { isAdvancedDanmaku, isCodeDanmaku } from './readable-text.ts';

/**
 * A danmaku as the engine draws it, given the mode it had on bilibili: an advanced one (7)
 * carries its parameters, read from its text; a code one (8, 9), or an advanced one that cannot
 * be read, is never drawn. Any other stays as it is.
 */
export function withBilibiliMode(danmaku: Danmaku, bilibiliMode: number | undefined): Danmaku {
  if (isCodeDanmaku(bilibiliMode)) return { ...danmaku, neverDrawn: true };
  if (!isAdvancedDanmaku(bilibiliMode)) return danmaku;
  const parsed = parseAdvanced(danmaku.text);
  return parsed.ok ? { ...danmaku, advanced: parsed.advanced } : { ...danmaku, neverDrawn: true };
}
