import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { FeedCell } from '@melon/shared/contracts/feed';
import { StatusMessage, statusActionClass } from '~/components/ui/StatusMessage.tsx';
import { emptyVideoMessages as t } from '~/features/empty-video/messages.ts';
import styles from './EmptyVideo.module.css';

function Art() {
  return (
    <svg
      width="72"
      height="72"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="3" y="5" width="18" height="13" rx="2.5" />
      <path d="M9.5 9l5 5M14.5 9l-5 5" />
      <path d="M8 21h8" />
    </svg>
  );
}

interface EmptyVideoPageProps {
  /** Videos to watch instead (the site's recommendations); the row is left out when empty. */
  videos: readonly FeedCell[];
  renderVideo: (cell: FeedCell, index: number) => ReactNode;
}

/** 视频不存在: what happened, the ways on (home, search) and a row of other videos. */
export function EmptyVideoPage({ videos, renderVideo }: EmptyVideoPageProps) {
  return (
    <div className={styles.page}>
      <StatusMessage
        art={<Art />}
        title={t.title}
        actions={
          <>
            <Link to="/" className={statusActionClass}>
              {t.backHome}
            </Link>
            <Link to="/search" className={styles.secondaryAction}>
              {t.search}
            </Link>
          </>
        }
      >
        <p>{t.text}</p>
      </StatusMessage>
      {videos.length > 0 && (
        <section className={styles.recommended} aria-labelledby="recommended-heading">
          <h2 id="recommended-heading" className={styles.heading}>
            {t.recommended}
          </h2>
          <ul className={styles.grid}>
            {videos.map((cell, index) => (
              <li key={cell.groupId}>{renderVideo(cell, index)}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
