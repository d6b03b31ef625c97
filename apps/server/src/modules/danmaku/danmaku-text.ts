import { checkDanmakuText, type DanmakuTextProblem } from '@melon/shared/danmaku/text-rules';
import { invalid } from '../../lib/domain-error.ts';
import { danmakuMessages } from './danmaku.messages.ts';

const problemMessages: Record<DanmakuTextProblem, string> = {
  empty: danmakuMessages.textLength,
  tooLong: danmakuMessages.textLength,
  forbiddenChars: danmakuMessages.controlChars,
  invisible: danmakuMessages.textInvisible,
};

/** The trimmed text when it keeps the danmaku text rules; a 400 naming `text` otherwise. */
export function checkText(raw: string): string {
  const checked = checkDanmakuText(raw);
  if (!checked.ok) throw invalid(problemMessages[checked.problem], 'text');
  return checked.text;
}
