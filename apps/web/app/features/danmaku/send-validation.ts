import {
  checkDanmakuText as checkText,
  DANMAKU_TEXT_MAX,
  type DanmakuTextProblem,
} from '@melon/shared/danmaku/text-rules';
import { danmakuMessages as t } from './messages.ts';

const problemMessages: Record<DanmakuTextProblem, string> = {
  empty: t.textEmpty,
  tooLong: t.textTooLong(DANMAKU_TEXT_MAX),
  forbiddenChars: t.controlChars,
  invisible: t.textInvisible,
};

export type TextCheck = { ok: true; text: string } | { ok: false; message: string };

/** The send bar's check before any call: the rules the server applies, with the bar's words. */
export function checkDanmakuText(raw: string): TextCheck {
  const checked = checkText(raw);
  return checked.ok ? checked : { ok: false, message: problemMessages[checked.problem] };
}
