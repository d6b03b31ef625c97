import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CommentView } from '@melon/shared/contracts/comment';
import { CommentItem } from './components/CommentItem.tsx';
import { commentView } from './comment-view.testing.ts';

const NOW = 1_764_000_000_000;
const noop = () => undefined;

function render(
  comment: CommentView,
  canDelete = false,
  tools: { onPin?: () => void; onApprove?: () => void } = {},
): string {
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(CommentItem, {
        comment,
        nowMs: NOW,
        canDelete,
        onLike: noop,
        onReply: noop,
        onDelete: noop,
        ...tools,
      }),
    ),
  );
}

describe('CommentItem', () => {
  it('marks the video author as UP主 and shows 删除 only when allowed', () => {
    const byAuthor = render(commentView('1', { is_author: true }), true);
    expect(byAuthor).toContain('>UP主</span>');
    expect(byAuthor).toContain('>删除</button>');
    const byFan = render(commentView('1'));
    expect(byFan).not.toContain('UP主');
    expect(byFan).not.toContain('删除');
  });

  it('shows the relative time (SPEC §9) and the like as a toggle with its count', () => {
    const html = render(
      commentView('1', { create_time: NOW - 3 * 3_600_000, digg_count: 12_345, user_digg: true }),
    );
    expect(html).toContain('3小时前</time>');
    expect(html).toContain('aria-pressed="true" aria-label="点赞 1.2万"');
  });

  it('draws an uploaded picture and nothing for any other image_info', () => {
    const uri = 'comment-images/7301234567890123456.webp';
    expect(render(commentView('1', { image_info: uri }))).toContain(`src="/media/${uri}"`);
    expect(render(commentView('1', { image_info: 'https://evil.example/x.png' }))).not.toContain(
      'evil.example',
    );
  });

  it("gives the video's author 置顶 or 取消置顶, and 通过 on a held comment", () => {
    expect(render(commentView('1'), true, { onPin: noop })).toContain('>置顶</button>');
    const pinnedHtml = render(commentView('1', { is_pinned: true }), true, { onPin: noop });
    expect(pinnedHtml).toContain('>取消置顶</button>');
    const held = render(commentView('1', { status: 'held' }), true, { onApprove: noop });
    expect(held).toContain('>待UP主审核</span>');
    expect(held).toContain('>通过</button>');
    expect(render(commentView('1'))).not.toMatch(/置顶|通过/);
  });
});
