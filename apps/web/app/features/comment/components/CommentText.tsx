import { Link } from 'react-router';
import type { CommentSegment } from '@melon/shared/contracts/comment';
import { commentTextParts } from '../comment-text.ts';
import { useCommentPlayback } from '../hooks/use-comment-playback.ts';
import { commentMessages as t } from '../messages.ts';
import styles from './CommentArea.module.css';

/**
 * A comment's text as React text nodes, never markup: `[微笑]` codes as their pictures, links to
 * this site as links, moments of the video (`02:15`) as buttons that play it from there,
 * everything else (other links, tags, scripts) as the characters written.
 */
export function CommentText({
  commentId,
  segments,
  className,
}: {
  commentId: string;
  segments: readonly CommentSegment[];
  className?: string;
}) {
  const { durationMs, playAt } = useCommentPlayback();
  return (
    <p className={className}>
      {commentTextParts(segments, playAt ? durationMs : 0).map((part, index) => {
        switch (part.kind) {
          case 'text':
            return <span key={index}>{part.text}</span>;
          case 'emoji':
            return (
              <img
                key={index}
                src={part.emoji.url}
                alt={part.emoji.code}
                width={20}
                height={20}
                loading="lazy"
              />
            );
          case 'link':
            return (
              <Link key={index} to={part.path}>
                {part.text}
              </Link>
            );
          case 'time':
            return (
              <button
                key={index}
                type="button"
                className={styles.timeMark}
                aria-label={t.playFrom(part.text)}
                onClick={() => {
                  playAt?.(commentId, part.atMs);
                }}
              >
                {part.text}
              </button>
            );
        }
      })}
    </p>
  );
}
