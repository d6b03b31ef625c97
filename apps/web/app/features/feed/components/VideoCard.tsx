import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { FeedCell } from '@melon/shared/contracts/feed';
import { formatCount } from '@melon/shared/format/count';
import { formatDuration } from '@melon/shared/format/duration';
import { formatFeedTime } from '@melon/shared/format/relative-time';
import { toMilliseconds } from '@melon/shared/format/timestamp';
import { feedMessages as t } from '~/features/feed/messages.ts';
import { AuthorName } from '~/components/AuthorName.tsx';
import { useHoverPreview } from '~/features/feed/hooks/use-hover-preview.ts';
import { videoPath } from '~/lib/paths.ts';
import styles from './VideoCard.module.css';

/** The preview clip, muted and looping over the cover; it shows once it plays. */
function PreviewClip({ src }: { src: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <video
      className={styles.preview}
      data-playing={playing || undefined}
      src={src}
      muted
      playsInline
      autoPlay
      loop
      onPlaying={() => {
        setPlaying(true);
      }}
    />
  );
}

interface VideoCardProps {
  cell: FeedCell;
  /** The time the page was rendered, so server and browser show the same relative times. */
  nowMs: number;
  /**
   * `first`: the page's largest paint, fetched before anything else; `eager`: the rest of the
   * first row, fetched at once at the browser's priority; `lazy`: fetched when near the screen.
   */
  cover: 'first' | 'eager' | 'lazy';
  /** After the author's name: the follow button, composed by the page. */
  authorAction?: ReactNode;
  /** Over the cover's top corner, shown on hover, focus and touch: composed by the page. */
  coverAction?: ReactNode;
}

/**
 * A feed card: 16:9 cover with the duration, a two-line title, the author and the stats. A
 * mouse resting on it, or focus inside it, plays its preview clip over the cover, muted.
 */
export function VideoCard({ cell, nowMs, cover, authorAction, coverAction }: VideoCardProps) {
  const preview = useHoverPreview(cell.preview_url !== null);
  const href = videoPath(cell.groupId);
  const duration = cell.duration > 0 ? formatDuration(cell.duration) : '';
  const published = formatFeedTime(toMilliseconds(cell.publishTime), nowMs);
  const stats = [t.playCount(formatCount(cell.playNum)), published].filter(Boolean).join(' · ');
  const author = cell.userInfo;

  return (
    <article className={styles.card} {...preview.handlers}>
      {/* The title link is the one keyboard and screen-reader stop; the cover repeats it for the mouse. */}
      <Link to={href} className={styles.cover} tabIndex={-1} aria-hidden="true">
        {cell.thumbUrl && (
          <img
            className={styles.image}
            src={cell.thumbUrl}
            alt=""
            width={640}
            height={360}
            loading={cover === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={cover === 'first' ? 'high' : 'auto'}
            decoding="async"
          />
        )}
        {preview.active && cell.preview_url && <PreviewClip src={cell.preview_url} />}
        {duration && <span className={styles.duration}>{duration}</span>}
      </Link>
      {coverAction && <div className={styles.coverAction}>{coverAction}</div>}
      <h2 className={styles.title}>
        <Link to={href} className={styles.titleLink} title={cell.title}>
          {cell.title}
          {duration && <span className="visually-hidden">{`，${t.duration(duration)}`}</span>}
        </Link>
      </h2>
      <p className={styles.author}>
        <AuthorName author={author} className={styles.authorName} />
        {authorAction}
      </p>
      <p className={styles.stats}>{stats}</p>
    </article>
  );
}
