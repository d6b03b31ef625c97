import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CommentSegment } from '@melon/shared/contracts/comment';
import { CommentText } from './components/CommentText.tsx';
import { CommentPlaybackContext } from './hooks/use-comment-playback.ts';
import { commentTextParts, isSafeSitePath } from './comment-text.ts';

const render = (segments: CommentSegment[]): string =>
  renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(CommentText, { commentId: 'c1', segments })),
  );

/** The same, on a page whose player is 10 minutes long. */
const renderWithPlayer = (segments: CommentSegment[]): string =>
  renderToStaticMarkup(
    createElement(
      CommentPlaybackContext,
      { value: { durationMs: 600_000, playingId: null, progress: 0, playAt: () => undefined } },
      createElement(MemoryRouter, null, createElement(CommentText, { commentId: 'c1', segments })),
    ),
  );

describe('moments of the video in a comment', () => {
  it('are buttons that play from there when the page has a player, within its length', () => {
    const html = renderWithPlayer([{ kind: 'text', text: '02:15 太燃了[微笑] 12:00' }]);
    expect(html).toContain('<button type="button"');
    expect(html).toContain('aria-label="从 02:15 开始播放">02:15</button>');
    expect(html).toContain('/emoji/weixiao.svg');
    // Past the video's 10 minutes: text.
    expect(html).toContain(' 12:00');
    expect(html).not.toContain('从 12:00');
  });

  it('are plain text where there is no player', () => {
    expect(render([{ kind: 'text', text: '02:15 太燃了' }])).not.toContain('<button');
  });
});

describe('commentTextParts', () => {
  it('draws known [微笑] codes as emoji and leaves unknown brackets as text', () => {
    const parts = commentTextParts([{ kind: 'text', text: '好看[微笑][不存在]!' }]);
    expect(parts).toEqual([
      { kind: 'text', text: '好看' },
      { kind: 'emoji', emoji: { code: '[微笑]', name: '微笑', url: '/emoji/weixiao.svg' } },
      { kind: 'text', text: '[不存在]!' },
    ]);
  });

  it('keeps links to this site and shows any other path as text', () => {
    const parts = commentTextParts([
      { kind: 'link', text: 'https://melon.test/7300', path: '/7300' },
      { kind: 'link', text: '//evil.example', path: '//evil.example' },
      { kind: 'link', text: 'x', path: 'javascript:alert(1)' },
      { kind: 'link', text: 'y', path: '/\\evil.example' },
    ]);
    expect(parts).toEqual([
      { kind: 'link', text: 'https://melon.test/7300', path: '/7300' },
      { kind: 'text', text: '//evil.example' },
      { kind: 'text', text: 'x' },
      { kind: 'text', text: 'y' },
    ]);
  });

  it('takes only plain paths of the site as links', () => {
    expect(isSafeSitePath('/search/%E8%A5%BF%E7%93%9C?x=1#t')).toBe(true);
    for (const path of ['//a.example', '/%2F%2Fa.example', '/\u202Egpj', 'https://a.example/']) {
      expect(isSafeSitePath(path)).toBe(false);
    }
  });
});

describe('CommentText', () => {
  it('renders emoji as images with their code as the text alternative', () => {
    const html = render([{ kind: 'text', text: '哈[大笑]' }]);
    expect(html).toBe(
      '<p><span>哈</span><img src="/emoji/daxiao.svg" alt="[大笑]" width="20" height="20" loading="lazy"/></p>',
    );
  });

  it('renders a link to this site as a link', () => {
    expect(render([{ kind: 'link', text: '看这个', path: '/7300?t=1' }])).toBe(
      '<p><a href="/7300?t=1" data-discover="true">看这个</a></p>',
    );
  });

  it('renders XSS payloads as inert text', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">点我</a>',
      '"><svg onload=alert(1)>',
      '\u202Etxt.exe',
    ];
    for (const text of payloads) {
      const html = render([{ kind: 'text', text }]);
      expect(html).not.toMatch(/<(script|img|a|svg)\b/);
      expect(
        html.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"'),
      ).toContain(text);
    }
    const link = render([
      { kind: 'link', text: 'javascript:alert(1)', path: 'javascript:alert(1)' },
    ]);
    expect(link).toBe('<p><span>javascript:alert(1)</span></p>');
  });
});
