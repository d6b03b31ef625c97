import { describe, expect, it } from 'vitest';
import {
  checkDanmakuText,
  countDanmakuChars,
  DANMAKU_TEXT_MAX,
  hasForbiddenChars,
} from './text-rules.ts';

describe('checkDanmakuText', () => {
  it('trims and accepts 1 to 100 characters', () => {
    expect(checkDanmakuText('  前方高能  ')).toEqual({ ok: true, text: '前方高能' });
    expect(checkDanmakuText('a')).toEqual({ ok: true, text: 'a' });
    expect(checkDanmakuText('哈'.repeat(DANMAKU_TEXT_MAX))).toEqual({
      ok: true,
      text: '哈'.repeat(100),
    });
  });

  it('refuses empty and blank text', () => {
    expect(checkDanmakuText('')).toEqual({ ok: false, problem: 'empty' });
    expect(checkDanmakuText(' \u3000 ')).toEqual({ ok: false, problem: 'empty' });
  });

  it('refuses 101 characters', () => {
    expect(checkDanmakuText('哈'.repeat(DANMAKU_TEXT_MAX + 1))).toEqual({
      ok: false,
      problem: 'tooLong',
    });
  });

  it('counts characters outside the BMP once', () => {
    const emoji = '😀'.repeat(DANMAKU_TEXT_MAX);
    expect(emoji.length).toBe(200);
    expect(countDanmakuChars(emoji)).toBe(100);
    expect(checkDanmakuText(emoji).ok).toBe(true);
  });

  it('refuses control characters inside the text', () => {
    expect(checkDanmakuText('a\u0007b')).toEqual({ ok: false, problem: 'forbiddenChars' });
    expect(checkDanmakuText('a\nb')).toEqual({ ok: false, problem: 'forbiddenChars' });
  });

  it.each([
    ['a zero-width space', 'a\u200Bb'],
    ['a right-to-left override', 'abc\u202Edef'],
    ['a bidi isolate', '\u2066abc\u2069'],
    ['a byte order mark inside', 'ab\uFEFFc'],
    ['a line separator', 'a\u2028b'],
    ['a paragraph separator', 'a\u2029b'],
    ['a zero-width joiner between letters', 'a\u200Db'],
  ])('refuses %s', (_name, text) => {
    expect(hasForbiddenChars(text)).toBe(true);
    expect(checkDanmakuText(text)).toEqual({ ok: false, problem: 'forbiddenChars' });
  });

  it('refuses text with nothing visible', () => {
    expect(checkDanmakuText('\u3164\u3164')).toEqual({ ok: false, problem: 'invisible' });
    expect(checkDanmakuText('\u0301')).toEqual({ ok: false, problem: 'invisible' });
    expect(checkDanmakuText('\u2800')).toEqual({ ok: false, problem: 'invisible' });
  });

  it('keeps emoji joined by zero-width joiners', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(hasForbiddenChars(family)).toBe(false);
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
