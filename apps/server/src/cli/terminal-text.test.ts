import { describe, expect, it } from 'vitest';
import { terminalLines, terminalText } from './terminal-text.ts';

describe('terminalText', () => {
  it('keeps Chinese, emoji, punctuation and backslashes as they are', () => {
    const text = '弹幕一直不显示，刷新也没用！😂 C:\\Users\\张三 "ok" <b>&amp;';
    expect(terminalText(text)).toBe(text);
  });

  it('shows terminal escape sequences instead of sending them', () => {
    expect(terminalText('\x1b[2J\x1b]0;pwned\x07')).toBe('\\x1b[2J\\x1b]0;pwned\\x07');
  });

  it('escapes every C0 and C1 control and DEL, line breaks and tabs included', () => {
    expect(terminalText('a\x00b\tc\nd\re\x7ff\x9bg\x85')).toBe(
      'a\\x00b\\x09c\\x0ad\\x0de\\x7ff\\x9bg\\x85',
    );
    for (let code = 0; code < 0x20; code += 1) {
      expect(terminalText(String.fromCharCode(code))).toMatch(/^\\x[01][0-9a-f]$/);
    }
    for (let code = 0x7f; code <= 0x9f; code += 1) {
      expect(terminalText(String.fromCharCode(code))).toMatch(/^\\x[89][0-9a-f]$|^\\x7f$/);
    }
  });

  it('escapes the bidi overrides, embeddings, isolates and marks', () => {
    expect(terminalText('safe\u202etxt.exe')).toBe('safe\\u202etxt.exe');
    const bidi = [0x61c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067];
    for (const code of [...bidi, 0x2068, 0x2069]) {
      expect(terminalText(`x${String.fromCharCode(code)}y`)).toBe(
        `x\\u${code.toString(16).padStart(4, '0')}y`,
      );
    }
  });

  it('leaves the characters next to the escaped ranges alone', () => {
    const near = '\x20\x7e\xa0\u2029\u202f\u2065\u206a\u200d';
    expect(terminalText(near)).toBe(near);
  });
});

describe('terminalLines', () => {
  it('splits on line feeds and escapes each line', () => {
    expect(terminalLines('第一行\r\n第二行\x1b[31m')).toEqual(['第一行\\x0d', '第二行\\x1b[31m']);
  });
});
