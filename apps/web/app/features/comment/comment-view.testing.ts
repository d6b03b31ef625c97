import type { CommentView, CommentWithReplies } from '@melon/shared/contracts/comment';

/** A visible comment (or, with root_id, a reply) for the comment area's tests. */
export function commentView(id: string, fields: Partial<CommentView> = {}): CommentView {
  const text = fields.text ?? `评论 ${id}`;
  return {
    id,
    group_id: '7300000000000000001',
    root_id: null,
    text,
    segments: [{ kind: 'text', text }],
    image_info: null,
    user: { user_id: '1001', name: '观众', avatar_url: '' },
    is_author: false,
    reply_to_user: null,
    create_time: 1_764_000_000_000 + Number(id),
    digg_count: 0,
    user_digg: false,
    reply_count: 0,
    is_pinned: false,
    status: 'visible',
    ...fields,
  };
}

/** A comment of a tab_comments page with the replies it previews. */
export function withReplies(
  comment: CommentView,
  replyPreview: CommentView[] = [],
): CommentWithReplies {
  return { ...comment, reply_preview: replyPreview };
}
