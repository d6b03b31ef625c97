import { codePointLength } from '../format/code-point-length.ts';

/**
 * What makes a danmaku's text valid, for the server's check and the send bar's check before any
 * call: 1–100 characters (code points) once trimmed, none forbidden, one visible at least.
 */

export const DANMAKU_TEXT_MAX = 100;

/**
 * Characters a danmaku may not carry: C0/C1 controls, format characters (\p{Cf}: zero-width
 * spaces and joiners, bidi embeddings, overrides and isolates, the BOM, tag characters) and the
 * line and paragraph separators.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** A zero-width joiner inside an emoji sequence (👨‍👩‍👧) is part of the emoji, not hidden text. */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])?)\u200D(?=\p{Extended_Pictographic})/gu;

/**
 * What draws nothing on its own: white space and separators, controls and format characters,
 * combining marks without a base, and the blank letters (Hangul fillers, the braille blank).
 */
const BLANK = /^[\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

/** Characters as the rules count them: code points of the trimmed text. */
export function countDanmakuChars(text: string): number {
  return codePointLength(text.trim());
}

/** Whether the text holds a forbidden character (see FORBIDDEN). */
export function hasForbiddenChars(text: string): boolean {
  return FORBIDDEN.test(text.replace(EMOJI_JOINER, ''));
}

/** Why a text is refused, in the order the rules are checked. */
export type DanmakuTextProblem = 'empty' | 'tooLong' | 'forbiddenChars' | 'invisible';

export type DanmakuTextCheck =
  { ok: true; text: string } | { ok: false; problem: DanmakuTextProblem };

/** The trimmed text when it is valid; else the first rule it breaks. */
export function checkDanmakuText(raw: string): DanmakuTextCheck {
  const text = raw.trim();
  const length = countDanmakuChars(text);
  if (length === 0) return { ok: false, problem: 'empty' };
  if (length > DANMAKU_TEXT_MAX) return { ok: false, problem: 'tooLong' };
  if (hasForbiddenChars(text)) return { ok: false, problem: 'forbiddenChars' };
  if (BLANK.test(text)) return { ok: false, problem: 'invisible' };
  return { ok: true, text };
}
