import { describe, expect, it } from 'vitest';
import { EMOJI } from './emoji-list.ts';
import { splitEmoji, type TextPart } from './split-emoji.ts';

const joined = (parts: TextPart[]): string =>
  parts.map((part) => (part.kind === 'text' ? part.text : part.emoji.code)).join('');

describe('splitEmoji', () => {
  it('turns known codes into emoji and keeps the text around them', () => {
    const parts = splitEmoji('好看[微笑]真的[大笑][大笑]!');
    expect(parts.map((part) => (part.kind === 'text' ? part.text : part.emoji.name))).toEqual([
      '好看',
      '微笑',
      '真的',
      '大笑',
      '大笑',
      '!',
    ]);
    expect(parts[1]).toEqual({
      kind: 'emoji',
      emoji: { code: '[微笑]', name: '微笑', url: '/emoji/weixiao.svg' },
    });
  });

  it('leaves unknown, empty, spaced and unclosed brackets as one text run', () => {
    expect(splitEmoji('[不存在][][微 笑][微笑')).toEqual([
      { kind: 'text', text: '[不存在][][微 笑][微笑' },
    ]);
  });

  it('finds a code right after a bracket that opens nothing', () => {
    expect(splitEmoji('[[微笑]]').map((part) => part.kind)).toEqual(['text', 'emoji', 'text']);
  });

  it('answers nothing for empty text and gives the text back when joined', () => {
    expect(splitEmoji('')).toEqual([]);
    const text = '<script>alert(1)</script>[火][666] [月亮]';
    expect(joined(splitEmoji(text))).toBe(text);
  });

  it('has between 20 and 40 emoji with distinct codes and pictures', () => {
    expect(EMOJI.length).toBeGreaterThanOrEqual(20);
    expect(EMOJI.length).toBeLessThanOrEqual(40);
    expect(new Set(EMOJI.map((emoji) => emoji.code)).size).toBe(EMOJI.length);
    expect(new Set(EMOJI.map((emoji) => emoji.url)).size).toBe(EMOJI.length);
  });
});
