import { Link } from 'react-router';
import type { FavoriteEntry } from '@melon/shared/contracts/favorite';
import { formatDuration } from '@melon/shared/format/duration';
import { formatRelativeTime } from '@melon/shared/format/relative-time';
import { toMilliseconds } from '@melon/shared/format/timestamp';
import { AuthorName } from '~/components/AuthorName.tsx';
import { videoPath } from '~/lib/paths.ts';
import { favoriteMessages as t } from '../messages.ts';
import styles from './Favorites.module.css';

interface FavoriteCardProps {
  entry: FavoriteEntry;
  nowMs: number;
  busy: boolean;
  onRemove: (groupId: string) => void;
}

/** One favourited item: its cover and length, title, author, when it was favourited, remove. */
export function FavoriteCard({ entry, nowMs, busy, onRemove }: FavoriteCardProps) {
  const href = videoPath(entry.group_id);
  const author = entry.user_info;
  return (
    <li className={styles.card} data-testid="favorite-entry" data-id={entry.group_id}>
      <Link to={href} className={styles.cover} tabIndex={-1} aria-hidden="true">
        {entry.cover_url && (
          <img
            className={styles.image}
            src={entry.cover_url}
            alt=""
            width={320}
            height={180}
            loading="lazy"
            decoding="async"
          />
        )}
        <span className={styles.duration}>{formatDuration(entry.duration)}</span>
      </Link>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={href} className={styles.titleLink} title={entry.title}>
            {entry.title}
          </Link>
        </h3>
        <p className={styles.meta}>
          <AuthorName author={author} className={styles.author} />
        </p>
        <p className={styles.meta}>
          {t.favoritedAt(formatRelativeTime(toMilliseconds(entry.favorite_time), nowMs))}
        </p>
      </div>
      <button
        type="button"
        className={styles.remove}
        aria-label={t.removeLabel(entry.title)}
        disabled={busy}
        onClick={() => {
          onRemove(entry.group_id);
        }}
      >
        {t.remove}
      </button>
    </li>
  );
}
