import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CommentView } from '@melon/shared/contracts/comment';
import { formatCount } from '@melon/shared/format/count';
import { formatRelativeTime } from '@melon/shared/format/relative-time';
import { isUserId } from '@melon/shared/ids/id-rules';
import { Avatar } from '~/components/ui/Avatar.tsx';
import { commentImageUrl } from '../comment-image.ts';
import { useCommentPlayback } from '../hooks/use-comment-playback.ts';
import { commentMessages as t } from '../messages.ts';
import styles from './CommentArea.module.css';
import { CommentText } from './CommentText.tsx';

interface CommentItemProps {
  comment: CommentView;
  nowMs: number;
  /** The viewer wrote it or wrote the video: 删除 shows. */
  canDelete: boolean;
  onLike: () => void;
  onReply: () => void;
  onDelete: () => void;
  /** 置顶 / 取消置顶, for the video's author on a comment. */
  onPin?: () => void;
  /** 通过, for the video's author on a comment held for approval. */
  onApprove?: () => void;
  /** 举报, composed by the page. */
  report?: ReactNode;
  /** The reply composer or the replies, under the text. */
  children?: ReactNode;
}

function UserName({ user }: { user: CommentView['user'] }) {
  return isUserId(user.user_id) ? (
    <Link className={styles.name} to={`/home/${user.user_id}`}>
      {user.name}
    </Link>
  ) : (
    <span className={styles.name}>{user.name}</span>
  );
}

function ThumbIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
      />
    </svg>
  );
}

/** One comment or reply: who, the text with emoji and picture, when, and what can be done. */
export function CommentItem(props: CommentItemProps) {
  const { comment, nowMs, canDelete, onLike, onReply, onDelete, onPin, onApprove } = props;
  const reply = comment.root_id !== null;
  const image = commentImageUrl(comment.image_info);
  const playback = useCommentPlayback();
  const playing = playback.playingId === comment.id;
  return (
    <article
      className={`${reply ? styles.reply : styles.comment} ${playing ? styles.playing : ''}`}
      aria-label={t.commentOf(comment.user.name)}
      data-comment-id={comment.id}
      data-playing={playing || undefined}
    >
      <Avatar name={comment.user.name} url={comment.user.avatar_url} size={reply ? 24 : 40} />
      <div className={styles.body}>
        <div className={styles.who}>
          <UserName user={comment.user} />
          {comment.is_author && <span className={styles.badge}>{t.authorBadge}</span>}
          {comment.is_pinned && <span className={styles.pin}>{t.pinned}</span>}
          {comment.status === 'filtered' && (
            <span className={styles.status}>{t.statusFiltered}</span>
          )}
          {comment.status === 'held' && <span className={styles.status}>{t.statusHeld}</span>}
        </div>
        <div className={styles.content}>
          {comment.reply_to_user && (
            <span className={styles.replyTo}>
              {t.replyTo} <UserName user={comment.reply_to_user} />：
            </span>
          )}
          <CommentText className={styles.text} commentId={comment.id} segments={comment.segments} />
        </div>
        {image && (
          <a className={styles.picture} href={image} target="_blank" rel="noreferrer">
            <img src={image} alt={t.imageAlt(comment.user.name)} loading="lazy" />
          </a>
        )}
        <div className={styles.actions}>
          <time className={styles.time} dateTime={new Date(comment.create_time).toISOString()}>
            {formatRelativeTime(comment.create_time, nowMs)}
          </time>
          <button
            type="button"
            className={styles.action}
            aria-pressed={comment.user_digg}
            aria-label={t.likeLabel(formatCount(comment.digg_count))}
            onClick={onLike}
          >
            <ThumbIcon />
            {comment.digg_count > 0 ? formatCount(comment.digg_count) : t.like}
          </button>
          <button type="button" className={styles.action} onClick={onReply}>
            {t.reply}
          </button>
          {onApprove && (
            <button type="button" className={styles.action} onClick={onApprove}>
              {t.approve}
            </button>
          )}
          {onPin && (
            <button type="button" className={styles.action} onClick={onPin}>
              {comment.is_pinned ? t.unpin : t.pin}
            </button>
          )}
          {canDelete && (
            <button type="button" className={styles.action} onClick={onDelete}>
              {t.delete}
            </button>
          )}
          {props.report}
        </div>
        {playing && (
          <div
            className={styles.playingBar}
            role="progressbar"
            aria-label={t.playing}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(playback.progress * 100)}
          >
            <span style={{ width: `${playback.progress * 100}%` }} />
          </div>
        )}
        {props.children}
      </div>
    </article>
  );
}
