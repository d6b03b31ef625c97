import { danmakuMessages as t } from './messages.ts';

/** Danmaku are 1–100 characters (code points, as the server counts them). */
export const TEXT_MAX = 100;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;

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
  if (CONTROL.test(text)) return { ok: false, message: t.controlChars };
  return { ok: true, text };
}
