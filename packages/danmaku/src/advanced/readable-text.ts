import { parseAdvanced } from './parse-advanced.ts';

/** bilibili's advanced (positioned) danmaku: its text is its parameters as a JSON array. */
export function isAdvancedDanmaku(bilibiliMode: number | undefined): boolean {
  return bilibiliMode === 7;
}

/** bilibili's code danmaku (8: ActionScript, 9: BAS): kept, listed and exported, never run. */
export function isCodeDanmaku(bilibiliMode: number | undefined): boolean {
  return bilibiliMode === 8 || bilibiliMode === 9;
}

/**
 * The words a list shows for a danmaku. An advanced one's own text on one line (line breaks
 * and runs of spaces, full-width ones too, become one space), never its JSON; '' for a code
 * danmaku or an advanced one that cannot be read, which a list labels instead. Any other
 * danmaku's text as it is.
 */
export function readableText(text: string, bilibiliMode?: number): string {
  if (isCodeDanmaku(bilibiliMode)) return '';
  if (!isAdvancedDanmaku(bilibiliMode)) return text;
  const parsed = parseAdvanced(text);
  return parsed.ok ? parsed.advanced.text.replace(/\s+/g, ' ').trim() : '';
}
