import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { VideoListItem } from '@melon/shared/contracts/author';
import { VideoCover } from '~/components/VideoCover.tsx';
import { authorMessages as t } from '../messages.ts';
import styles from './AuthorPage.module.css';

/** Cards of an author's videos (SPEC §3 video list items), a hidden one marked 仅自己可见. */
export function VideoGrid({
  videos,
  pathOf,
  action,
}: {
  videos: readonly VideoListItem[];
  pathOf: (id: string) => string;
  /** Under each card's text (待播), composed by the page. */
  action?: (video: VideoListItem) => ReactNode;
}) {
  return (
    <ul className={styles.grid} data-testid="author-videos">
      {videos.map((video) => (
        <li key={video.id} className={styles.card} data-testid="author-video">
          <VideoCover
            href={pathOf(video.id)}
            coverUrl={video.videoImage}
            duration={video.duration}
            classes={styles}
          >
            {video.self_only && <span className={styles.selfOnly}>{t.selfOnly}</span>}
          </VideoCover>
          <Link to={pathOf(video.id)} className={styles.cardTitle}>
            {video.title}
          </Link>
          <span className={styles.meta}>{t.plays(video.video_watch_count)}</span>
          {action?.(video)}
        </li>
      ))}
    </ul>
  );
}
