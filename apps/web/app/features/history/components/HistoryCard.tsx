import { Link } from 'react-router';
import { RESUME_TOLERANCE_S } from '@melon/shared/api/constants';
import type { HistoryEntry } from '@melon/shared/contracts/history';
import { formatDuration } from '@melon/shared/format/duration';
import { ProgressBar } from '~/components/ui/ProgressBar.tsx';
import { AuthorName } from '~/components/AuthorName.tsx';
import { VideoCover } from '~/components/VideoCover.tsx';
import { videoPath } from '~/lib/paths.ts';
import { watchedPercent } from '../history-groups.ts';
import { historyMessages as t } from '../messages.ts';
import styles from './WatchHistory.module.css';

interface HistoryCardProps {
  entry: HistoryEntry;
  /** In select mode: a checkbox instead of the delete button. */
  selecting: boolean;
  selected: boolean;
  busy: boolean;
  onToggle: (id: string) => void;
  onDelete: (id: string) => void;
}

/**
 * One watched item: the cover with the watched part as a bar along its bottom, the title, the
 * author and how far the viewer got (看到 mm:ss, or 已看完 within 5 s of the end, where the
 * player no longer resumes).
 */
export function HistoryCard({
  entry,
  selecting,
  selected,
  busy,
  onToggle,
  onDelete,
}: HistoryCardProps) {
  const href = videoPath(entry.groupId);
  const through = entry.progress >= entry.duration - RESUME_TOLERANCE_S;
  const watched = through ? t.watchedThrough : t.watchedTo(formatDuration(entry.progress));
  const author = entry.userInfo;
  return (
    <li className={styles.card} data-testid="history-entry" data-id={entry.groupId}>
      <VideoCover href={href} coverUrl={entry.coverUrl} duration={entry.duration} classes={styles}>
        <ProgressBar
          className={styles.progress}
          label={t.progressLabel}
          percent={watchedPercent(entry)}
          valueText={watched}
        />
      </VideoCover>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={href} className={styles.titleLink} title={entry.title}>
            {entry.title}
          </Link>
        </h3>
        <p className={styles.meta}>
          <AuthorName author={author} className={styles.author} />
        </p>
        <p className={styles.meta} data-testid="history-watched">
          {watched}
        </p>
      </div>
      {selecting ? (
        <input
          type="checkbox"
          className={styles.check}
          checked={selected}
          aria-label={t.selectEntry(entry.title)}
          onChange={() => {
            onToggle(entry.groupId);
          }}
        />
      ) : (
        <button
          type="button"
          className={styles.delete}
          aria-label={t.deleteOne(entry.title)}
          title={t.deleteOne(entry.title)}
          disabled={busy}
          onClick={() => {
            onDelete(entry.groupId);
          }}
        >
          ×
        </button>
      )}
    </li>
  );
}
