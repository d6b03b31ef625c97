import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDuration } from '@melon/shared/format/duration';
import card from '~/components/ui/Card.module.css';

interface VideoCoverProps {
  href: string;
  /** The cover picture; '' draws the page's empty cover. */
  coverUrl: string;
  /** The video's length in seconds. */
  duration: number;
  /**
   * The page's own classes for the cover, its picture and the length badge (its CSS module), on
   * top of the shared card look (ui/Card.module.css).
   */
  classes?: Partial<Record<'cover' | 'image' | 'duration', string>>;
  /** What the page draws over the cover besides the length (the history's watched part). */
  children?: ReactNode;
}

/** The shared class of a part, and the page's own after it. */
const withOwn = (shared: string | undefined, own: string | undefined) =>
  [shared, own].filter(Boolean).join(' ');

/**
 * The cover of a card in a list (search, history, favourites, an author's videos): a link to
 * the video, left out of the tab order and of the accessibility tree (the title links there),
 * with the picture loaded when near and the length.
 */
export function VideoCover({ href, coverUrl, duration, classes = {}, children }: VideoCoverProps) {
  return (
    <Link to={href} className={withOwn(card.cover, classes.cover)} tabIndex={-1} aria-hidden="true">
      {coverUrl && (
        <img
          className={withOwn(card.image, classes.image)}
          src={coverUrl}
          alt=""
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
        />
      )}
      <span className={withOwn(card.duration, classes.duration)}>{formatDuration(duration)}</span>
      {children}
    </Link>
  );
}
