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

  it('keeps markup as plain text: it is never interpreted', () => {
    expect(checkDanmakuText('<img src=x onerror=alert(1)>')).toEqual({
      ok: true,
      text: '<img src=x onerror=alert(1)>',
    });
  });
});
