import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildWordMatcher, foldForMatching } from './aho-corasick.ts';

describe('buildWordMatcher', () => {
  it('finds any of the words anywhere in the text', () => {
    const matcher = buildWordMatcher(['剧透', '广告', 'spoiler']);
    expect(matcher.matches('前方剧透预警')).toBe(true);
    expect(matcher.matches('这是广告')).toBe(true);
    expect(matcher.matches('no SPOILER here')).toBe(true);
    expect(matcher.matches('好看')).toBe(false);
    expect(matcher.matches('')).toBe(false);
  });

  it('follows fail links: words that overlap or sit inside each other', () => {
    const matcher = buildWordMatcher(['he', 'she', 'his', 'hers', 'abcd', 'bc']);
    expect(matcher.matches('ushers')).toBe(true);
    expect(matcher.matches('abce')).toBe(true);
    expect(matcher.matches('abxd')).toBe(false);
    expect(buildWordMatcher(['aab']).matches('aaab')).toBe(true);
  });

  it('folds full-width letters and case', () => {
    expect(buildWordMatcher(['vpn']).matches('便宜ＶＰＮ')).toBe(true);
  });

  it('matches nothing without words, and ignores empty words', () => {
    expect(buildWordMatcher([]).matches('任何文字')).toBe(false);
    expect(buildWordMatcher(['']).matches('任何文字')).toBe(false);
  });

  it('agrees with a search for each word', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', '瓜', '🍉');
    const word = fc.array(alphabet, { minLength: 1, maxLength: 4 }).map((c) => c.join(''));
    const text = fc.array(alphabet, { maxLength: 30 }).map((c) => c.join(''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), text, (words, sample) => {
        const expected = words.some((w) => foldForMatching(sample).includes(foldForMatching(w)));
        expect(buildWordMatcher(words).matches(sample)).toBe(expected);
      }),
    );
  });
});
