import { COMMENT_TEXT_MAX } from '@melon/shared/contracts/comment';
import { codePointLength } from '@melon/shared/format/code-point-length';
import { commentMessages as t } from './messages.ts';

export interface DraftCheck {
  /** Characters once trimmed, as the server counts them (code points). */
  length: number;
  /** Why it cannot be sent yet, or null. */
  problem: string | null;
}

/** A comment or reply may be sent with 1–1000 characters once trimmed (SPEC §3). */
export function checkDraft(text: string): DraftCheck {
  const length = codePointLength(text.trim());
  if (length === 0) return { length, problem: t.textEmpty };
  if (length > COMMENT_TEXT_MAX) return { length, problem: t.textTooLong(COMMENT_TEXT_MAX) };
  return { length, problem: null };
}

/** `text` with `insert` put in place of the selection [start, end). */
export function insertAt(
  text: string,
  insert: string,
  start: number,
  end: number,
): { text: string; caret: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
