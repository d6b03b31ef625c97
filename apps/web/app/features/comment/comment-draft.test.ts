import { describe, expect, it } from 'vitest';
import { COMMENT_TEXT_MAX } from '@melon/shared/contracts/comment';
import { checkDraft, insertAt } from './comment-draft.ts';
import { commentMessages as t } from './messages.ts';

describe('checkDraft', () => {
  it('counts code points once trimmed and takes 1 to 1000 of them', () => {
    expect(checkDraft('   \n ')).toEqual({ length: 0, problem: t.textEmpty });
    expect(checkDraft('  🍉好  ')).toEqual({ length: 2, problem: null });
    expect(checkDraft('🍉'.repeat(COMMENT_TEXT_MAX))).toEqual({
      length: COMMENT_TEXT_MAX,
      problem: null,
    });
    expect(checkDraft(`${'字'.repeat(COMMENT_TEXT_MAX)}字`)).toEqual({
      length: COMMENT_TEXT_MAX + 1,
      problem: t.textTooLong(COMMENT_TEXT_MAX),
    });
  });
});

describe('insertAt', () => {
  it('puts an emoji code in place of the selection and the caret after it', () => {
    expect(insertAt('好看呀', '[微笑]', 2, 2)).toEqual({ text: '好看[微笑]呀', caret: 6 });
    expect(insertAt('好看呀', '[火]', 0, 3)).toEqual({ text: '[火]', caret: 3 });
  });
});
