import { Link } from 'react-router';
import type { CommentSegment } from '@melon/shared/contracts/comment';
import { commentTextParts } from '../comment-text.ts';

/**
 * A comment's text as React text nodes, never markup: `[微笑]` codes as their pictures, links to
 * this site as links, everything else (other links, tags, scripts) as the characters written.
 */
export function CommentText({
  segments,
  className,
}: {
  segments: readonly CommentSegment[];
  className?: string;
}) {
  return (
    <p className={className}>
      {commentTextParts(segments).map((part, index) => {
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
        }
      })}
    </p>
  );
}
