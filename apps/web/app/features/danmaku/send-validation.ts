import { danmakuMessages as t } from './messages.ts';

/** Danmaku are 1–100 characters (code points, as the server counts them). */
export const TEXT_MAX = 100;

/*
 * The server's text rules (apps/server/src/modules/danmaku/danmaku-text.ts), checked before any
 * call so the bar answers at once: no controls, format characters (\p{Cf}) or line and
 * paragraph separators, except a zero-width joiner inside an emoji; one visible character at
 * least.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])?)\u200D(?=\p{Extended_Pictographic})/gu;
const BLANK = /^[\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

/** Characters as the server counts them: code points of the trimmed text. */
export function countChars(text: string): number {
  return Array.from(text.trim()).length;
}

export type TextCheck = { ok: true; text: string } | { ok: false; message: string };

/** The send bar's check before any call: the same rules the server applies. */
export function checkDanmakuText(raw: string): TextCheck {
  const text = raw.trim();
  const length = countChars(text);
  if (length === 0) return { ok: false, message: t.textEmpty };
  if (length > TEXT_MAX) return { ok: false, message: t.textTooLong(TEXT_MAX) };
  if (FORBIDDEN.test(text.replace(EMOJI_JOINER, ''))) return { ok: false, message: t.controlChars };
  if (BLANK.test(text)) return { ok: false, message: t.textInvisible };
  return { ok: true, text };
}
