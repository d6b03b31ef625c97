import { Link } from 'react-router';
import type { FavoriteEntry } from '@melon/shared/contracts/favorite';
import { formatRelativeTime } from '@melon/shared/format/relative-time';
import { toMilliseconds } from '@melon/shared/format/timestamp';
import { AuthorName } from '~/components/AuthorName.tsx';
import { VideoCover } from '~/components/VideoCover.tsx';
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
      <VideoCover
        href={href}
        coverUrl={entry.cover_url}
        duration={entry.duration}
        classes={styles}
      />
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
