import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDuration } from '@melon/shared/format/duration';

interface VideoCoverProps {
  href: string;
  /** The cover picture; '' draws the page's empty cover. */
  coverUrl: string;
  /** The video's length in seconds. */
  duration: number;
  /** The page's look of the cover, its picture and the length badge (its CSS module). */
  classes: Partial<Record<'cover' | 'image' | 'duration', string>>;
  /** What the page draws over the cover besides the length (the history's watched part). */
  children?: ReactNode;
}

/**
 * The cover of a card in a /my/* list: a link to the video, left out of the tab order and of
 * the accessibility tree (the title links there), with the picture loaded when near and the length.
 */
export function VideoCover({ href, coverUrl, duration, classes, children }: VideoCoverProps) {
  return (
    <Link to={href} className={classes.cover} tabIndex={-1} aria-hidden="true">
      {coverUrl && (
        <img
          className={classes.image}
          src={coverUrl}
          alt=""
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
        />
      )}
      <span className={classes.duration}>{formatDuration(duration)}</span>
      {children}
    </Link>
  );
}
