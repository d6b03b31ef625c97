import { Link } from 'react-router';
import type { CinemaClip } from '@melon/shared/contracts/cinema';
import { formatDuration } from '@melon/shared/format/duration';
import { videoPath } from '~/lib/paths.ts';
import styles from './AlbumCard.module.css';

/** A short clip of an album (预告, 花絮…): 16:9 with its kind and length, then its album. */
export function ClipCard({ clip }: { clip: CinemaClip }) {
  const href = videoPath(clip.itemId);
  return (
    <article className={styles.card} data-testid="clip-card">
      <Link to={href} className={styles.cover} tabIndex={-1} aria-hidden="true">
        {clip.coverUrl && (
          <img
            className={styles.image}
            src={clip.coverUrl}
            alt=""
            width={320}
            height={180}
            loading="lazy"
            decoding="async"
          />
        )}
        <span className={styles.kind}>{clip.episodeLabel}</span>
        {clip.duration > 0 && (
          <span className={styles.duration}>{formatDuration(clip.duration)}</span>
        )}
      </Link>
      <h3 className={styles.title}>
        <Link to={href} className={styles.titleLink} title={clip.title}>
          <span className="visually-hidden">{`${clip.episodeLabel}：`}</span>
          {clip.title}
        </Link>
      </h3>
      <p className={styles.line}>{clip.albumTitle}</p>
    </article>
  );
}
