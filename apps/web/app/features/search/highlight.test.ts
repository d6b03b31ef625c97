import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight.ts';

describe('highlightParts', () => {
  it('marks each matched word, longest first, case-insensitively', () => {
    expect(highlightParts('夏日西瓜冰 MV 西瓜', ['西瓜', 'mv', '西瓜冰'])).toEqual([
      { text: '夏日', hit: false },
      { text: '西瓜冰', hit: true },
      { text: ' ', hit: false },
      { text: 'MV', hit: true },
      { text: ' ', hit: false },
      { text: '西瓜', hit: true },
    ]);
  });

  it('keeps markup and pattern characters as plain text', () => {
    expect(highlightParts('<b>a+b</b>', ['a+b'])).toEqual([
      { text: '<b>', hit: false },
      { text: 'a+b', hit: true },
      { text: '</b>', hit: false },
    ]);
  });

  it('answers the whole title when nothing matched', () => {
    expect(highlightParts('电影', [])).toEqual([{ text: '电影', hit: false }]);
  });
});
