import { describe, expect, it } from 'vitest';
import { checkCommentText, linksElsewhere, segmentsOf } from './comment-text.ts';

const origin = 'https://melon.example';

describe('checkCommentText', () => {
  it('keeps 1–1000 characters once trimmed, line breaks and joined emoji included', () => {
    expect(checkCommentText('  好看\n第二行  ', 'text')).toBe('好看\n第二行');
    expect(checkCommentText(`  ${'瓜'.repeat(1000)}  `, 'text')).toHaveLength(1000);
    expect(checkCommentText('👩‍💻 写代码', 'text')).toBe('👩‍💻 写代码');
    expect(checkCommentText('🍉'.repeat(1000), 'text')).toHaveLength(2000);
  });

  it('refuses empty, blank, too long and hidden characters, naming the field', () => {
    for (const bad of ['', '   \n\t ', '瓜'.repeat(1001)]) {
      expect(() => checkCommentText(bad, 'content')).toThrow(
        expect.objectContaining({ kind: 'invalid', details: { field: 'content' } }),
      );
    }
    for (const hidden of ['a\u202Eb', 'a\u200Bb', 'a\u0000b', 'a\u2028b']) {
      expect(() => checkCommentText(hidden, 'text')).toThrow(/不可见/);
    }
  });
});

describe('segmentsOf', () => {
  it('makes only links to this site clickable, as paths', () => {
    expect(segmentsOf(`看 ${origin}/video/123?t=5 和 https://evil.example/x。`, origin)).toEqual([
      { kind: 'text', text: '看 ' },
      { kind: 'link', text: `${origin}/video/123?t=5`, path: '/video/123?t=5' },
      { kind: 'text', text: ' 和 https://evil.example/x。' },
    ]);
  });

  it('leaves markup and javascript: addresses as text', () => {
    const payload = '<script>alert(1)</script><a href="javascript:alert(1)">x</a>';
    expect(segmentsOf(payload, origin)).toEqual([{ kind: 'text', text: payload }]);
  });

  it('ends a link before trailing punctuation and at CJK text', () => {
    expect(segmentsOf(`${origin}/a.`, origin)).toEqual([
      { kind: 'link', text: `${origin}/a`, path: '/a' },
      { kind: 'text', text: '.' },
    ]);
    expect(segmentsOf(`${origin}/b好看`, origin)[0]).toEqual({
      kind: 'link',
      text: `${origin}/b`,
      path: '/b',
    });
  });

  it('turns a disguised address on this host into a safe path', () => {
    const [link] = segmentsOf(`${origin}//evil.example`, origin);
    expect(link).toEqual({ kind: 'link', text: `${origin}//evil.example`, path: '/' });
  });
});

describe('linksElsewhere', () => {
  it('is true for an address on another host or www., false for this site or none', () => {
    expect(linksElsewhere('https://evil.example', origin)).toBe(true);
    expect(linksElsewhere('加 www.spam.example 领取', origin)).toBe(true);
    expect(linksElsewhere('http://melon.example.evil.example/', origin)).toBe(true);
    expect(linksElsewhere(`${origin}/video/1`, origin)).toBe(false);
    expect(linksElsewhere('没有链接 example.com', origin)).toBe(false);
  });
});
