import { badRequest } from '../../http/api-error.ts';
import { danmakuMessages } from './danmaku.messages.ts';

export const TEXT_MAX = 100;

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

/** Whether the text holds a forbidden character (see FORBIDDEN). */
export function hasForbiddenChars(text: string): boolean {
  return FORBIDDEN.test(text.replace(EMOJI_JOINER, ''));
}

/** Trims and checks the text: 1–100 characters, one visible at least, none forbidden. */
export function checkText(raw: string): string {
  const text = raw.trim();
  const length = Array.from(text).length;
  if (length < 1 || length > TEXT_MAX) throw badRequest(danmakuMessages.textLength, 'text');
  if (hasForbiddenChars(text)) throw badRequest(danmakuMessages.controlChars, 'text');
  if (BLANK.test(text)) throw badRequest(danmakuMessages.textInvisible, 'text');
  return text;
}
