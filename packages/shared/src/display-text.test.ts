import { describe, expect, it } from 'vitest';
import { isMultiLineText, isSingleLineText, withoutHiddenCharacters } from './display-text.ts';

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every character the rule names, and a few more of the same classes. */
const HIDDEN = [
  ...range(0x200b, 0x200f), // zero-width space, non-joiner, joiner; LRM, RLM
  ...range(0x2060, 0x2064), // word joiner, invisible operators
  0xfeff, // zero-width no-break space (BOM)
  ...range(0x202a, 0x202e), // embeddings, overrides
  ...range(0x2066, 0x2069), // isolates
  0x00ad, // soft hyphen (Cf)
  0x061c, // Arabic letter mark (Cf)
  0x180e, // Mongolian vowel separator (Cf)
  0xfff9, // interlinear annotation anchor (Cf)
  0xe0001, // language tag (Cf)
  ...range(0x0000, 0x0008),
  0x000b,
  0x000c,
  0x000e,
  0x001f,
  ...range(0x007f, 0x009f), // DEL and C1 controls
  0x2028, // line separator
  0x2029, // paragraph separator
].map((code) => String.fromCodePoint(code));

describe('display text', () => {
  it.each(HIDDEN.map((c) => [`U+${c.codePointAt(0)?.toString(16).toUpperCase()}`, c]))(
    'refuses %s in a name and in a description',
    (_code, c) => {
      expect(isSingleLineText(`西瓜${c}观众`)).toBe(false);
      expect(isSingleLineText(c)).toBe(false);
      expect(isMultiLineText(`你好${c}`)).toBe(false);
    },
  );

  it('keeps the joiner of emoji sequences, refuses it anywhere else', () => {
    for (const text of ['👩‍💻 程序员', '👨‍👩‍👧', '👩🏽‍🚀', '🏳️‍🌈']) {
      expect(isSingleLineText(text)).toBe(true);
      expect(isMultiLineText(text)).toBe(true);
      expect(withoutHiddenCharacters(text)).toBe(text);
    }
    for (const text of ['西\u200D瓜', '\u200D👩', '👩\u200D', '👩\u200D瓜', 'a\u200D👩']) {
      expect(isSingleLineText(text)).toBe(false);
    }
    expect(withoutHiddenCharacters('西\u200D瓜👩\u200D💻')).toBe('西瓜👩\u200D💻');
  });

  it('refuses line breaks and tabs in one line, allows \\n and \\r\\n in many', () => {
    for (const text of ['西瓜\n观众', '西瓜\r\n观众', '西瓜\r观众', '西瓜\t观众']) {
      expect(isSingleLineText(text)).toBe(false);
    }
    expect(isMultiLineText('爱看纪录片\n也爱看动画\r\n')).toBe(true);
    expect(isMultiLineText('西瓜\r观众')).toBe(false);
    expect(isMultiLineText('西瓜\t观众')).toBe(false);
  });

  it('keeps what people write: CJK, emoji, spaces, punctuation, other scripts', () => {
    for (const text of [
      '西瓜观众',
      '🍉 West melon',
      'Ünïcödé·名前',
      'مرحبا',
      '한국어',
      '',
      '　全角',
    ]) {
      expect(isSingleLineText(text)).toBe(true);
      expect(isMultiLineText(text)).toBe(true);
    }
  });
});

describe('withoutHiddenCharacters', () => {
  it('takes out every hidden character and line break, keeping the rest', () => {
    expect(withoutHiddenCharacters(`抖${HIDDEN.join('')}音\n用户 🍉`)).toBe('抖音用户 🍉');
    expect(isSingleLineText(withoutHiddenCharacters(HIDDEN.join('')))).toBe(true);
  });
});
