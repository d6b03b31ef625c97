import { describe, expect, it } from 'vitest';
import { DANMAKU_TEXT_MAX } from '@melon/shared/danmaku/text-rules';
import { danmakuMessages as t } from './messages.ts';
import { checkDanmakuText } from './send-validation.ts';

/* The rules themselves are tested in packages/shared/src/danmaku/text-rules.test.ts. */
describe('checkDanmakuText', () => {
  it('gives the trimmed text when it is valid', () => {
    expect(checkDanmakuText('  前方高能  ')).toEqual({ ok: true, text: '前方高能' });
  });

  it.each([
    ['empty text', ' \u3000 ', t.textEmpty],
    ['101 characters', '哈'.repeat(DANMAKU_TEXT_MAX + 1), t.textTooLong(DANMAKU_TEXT_MAX)],
    ['a control character', 'a\u0007b', t.controlChars],
    ['text with nothing visible', '\u3164\u3164', t.textInvisible],
  ])('says why it refuses %s', (_name, text, message) => {
    expect(checkDanmakuText(text)).toEqual({ ok: false, message });
  });
});
