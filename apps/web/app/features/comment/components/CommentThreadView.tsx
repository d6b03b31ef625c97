import type { ReactNode } from 'react';
import type { CommentView } from '@melon/shared/contracts/comment';
import { formatCount } from '@melon/shared/format/count';
import type { CommentThread } from '../comment-store.ts';
import { commentMessages as t } from '../messages.ts';
import styles from './CommentArea.module.css';
import { CommentItem } from './CommentItem.tsx';

interface CommentThreadViewProps {
  thread: CommentThread;
  nowMs: number;
  canDelete: (comment: CommentView) => boolean;
  onLike: (comment: CommentView) => void;
  onReply: (comment: CommentView) => void;
  onDelete: (comment: CommentView) => void;
  /** The video's author's tools (置顶, 通过); left out for everyone else. */
  author?: { onPin: (comment: CommentView) => void; onApprove: (comment: CommentView) => void };
  /** 展开更多: the next replies. */
  onMoreReplies: () => void;
  loadingReplies: boolean;
  /** The reply composer, when the viewer answers this comment or one of its replies. */
  composer: ReactNode;
  report?: (comment: CommentView) => ReactNode;
}

/** A comment with its replies (3 first, 展开更多 for the rest) and the reply composer. */
export function CommentThreadView(props: CommentThreadViewProps) {
  const { thread, nowMs, canDelete, onLike, onReply, onDelete, author, report } = props;
  const itemOf = (comment: CommentView, children?: ReactNode) => (
    <CommentItem
      comment={comment}
      nowMs={nowMs}
      canDelete={canDelete(comment)}
      onLike={() => {
        onLike(comment);
      }}
      onReply={() => {
        onReply(comment);
      }}
      onDelete={() => {
        onDelete(comment);
      }}
      onPin={
        author && comment.root_id === null && comment.status === 'visible'
          ? () => {
              author.onPin(comment);
            }
          : undefined
      }
      onApprove={
        author && comment.status === 'held'
          ? () => {
              author.onApprove(comment);
            }
          : undefined
      }
      report={report?.(comment)}
    >
      {children}
    </CommentItem>
  );
  const { comment, replies, moreReplies } = thread;
  const hasReplies = replies.length > 0 || moreReplies;
  return itemOf(
    comment,
    <>
      {hasReplies && (
        <div className={styles.replies}>
          <ul className={styles.replyList} aria-label={t.repliesLabel(comment.user.name)}>
            {replies.map((reply) => (
              <li key={reply.id}>{itemOf(reply)}</li>
            ))}
          </ul>
          {moreReplies && (
            <button
              type="button"
              className={styles.more}
              disabled={props.loadingReplies}
              onClick={props.onMoreReplies}
            >
              {props.loadingReplies
                ? t.repliesLoading
                : t.repliesMore(formatCount(comment.reply_count))}
            </button>
          )}
        </div>
      )}
      {props.composer}
    </>,
  );
}
