import { describe, expect, it } from 'vitest';
import { danmakuMessages as t } from './messages.ts';
import { checkDanmakuText, countChars, TEXT_MAX } from './send-validation.ts';

describe('checkDanmakuText', () => {
  it('trims and accepts 1 to 100 characters', () => {
    expect(checkDanmakuText('  前方高能  ')).toEqual({ ok: true, text: '前方高能' });
    expect(checkDanmakuText('a')).toEqual({ ok: true, text: 'a' });
    expect(checkDanmakuText('哈'.repeat(TEXT_MAX))).toEqual({ ok: true, text: '哈'.repeat(100) });
  });

  it('refuses empty and blank text', () => {
    expect(checkDanmakuText('')).toEqual({ ok: false, message: t.textEmpty });
    expect(checkDanmakuText(' \u3000 ')).toEqual({ ok: false, message: t.textEmpty });
  });

  it('refuses 101 characters', () => {
    expect(checkDanmakuText('哈'.repeat(TEXT_MAX + 1))).toEqual({
      ok: false,
      message: t.textTooLong(TEXT_MAX),
    });
  });

  it('counts characters outside the BMP once, as the server does', () => {
    const emoji = '😀'.repeat(TEXT_MAX);
    expect(emoji.length).toBe(200);
    expect(countChars(emoji)).toBe(100);
    expect(checkDanmakuText(emoji).ok).toBe(true);
  });

  it('refuses control characters inside the text', () => {
    expect(checkDanmakuText('a\u0007b')).toEqual({ ok: false, message: t.controlChars });
    expect(checkDanmakuText('a\nb')).toEqual({ ok: false, message: t.controlChars });
  });

  it.each([
    ['a zero-width space', 'a\u200Bb'],
    ['a right-to-left override', 'abc\u202Edef'],
    ['a bidi isolate', '\u2066abc\u2069'],
    ['a byte order mark inside', 'ab\uFEFFc'],
    ['a line separator', 'a\u2028b'],
    ['a paragraph separator', 'a\u2029b'],
    ['a zero-width joiner between letters', 'a\u200Db'],
  ])('refuses %s, as the server does', (_name, text) => {
    expect(checkDanmakuText(text)).toEqual({ ok: false, message: t.controlChars });
  });

  it('refuses text with nothing visible', () => {
    expect(checkDanmakuText('\u3164\u3164')).toEqual({ ok: false, message: t.textInvisible });
    expect(checkDanmakuText('\u0301')).toEqual({ ok: false, message: t.textInvisible });
    expect(checkDanmakuText('\u2800')).toEqual({ ok: false, message: t.textInvisible });
  });

  it('keeps emoji joined by zero-width joiners', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(checkDanmakuText(`全家 ${family}`)).toEqual({ ok: true, text: `全家 ${family}` });
    const heart = '\u2764\uFE0F\u200D\u{1F525}';
    expect(checkDanmakuText(heart).ok).toBe(true);
  });

  it('keeps markup as plain text: it is never interpreted', () => {
    expect(checkDanmakuText('<img src=x onerror=alert(1)>')).toEqual({
      ok: true,
      text: '<img src=x onerror=alert(1)>',
    });
  });
});
