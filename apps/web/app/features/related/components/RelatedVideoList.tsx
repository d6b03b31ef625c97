import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RelatedVideo } from '@melon/shared/contracts/recommend';
import { formatCount } from '@melon/shared/format/count';
import { formatDuration } from '@melon/shared/format/duration';
import { videoPath } from '~/lib/paths.ts';
import { RELATED_COUNT, useRelatedVideos } from '../hooks/use-related-videos.ts';
import { relatedMessages as t } from '../messages.ts';
import styles from './RelatedVideoList.module.css';

/**
 * 相关推荐 beside the player (below it on phones): covers with their length, two-line titles,
 * the author and the plays. Rows of the list's size hold its place while it loads, so nothing
 * under it moves; an empty answer shows nothing.
 */
export function RelatedVideoList({
  groupId,
  action,
}: {
  groupId: string;
  /** Over each row's cover (待播), composed by the page. */
  action?: (video: RelatedVideo) => ReactNode;
}) {
  const list = useRelatedVideos(groupId);
  if (list?.length === 0) return null;
  return (
    <section
      className={styles.related}
      aria-labelledby="related-heading"
      data-testid="related-videos"
    >
      <h2 id="related-heading" className={styles.heading}>
        {t.heading}
      </h2>
      {list === null ? (
        <ol className={styles.list} aria-busy="true" aria-label={t.loading}>
          {Array.from({ length: RELATED_COUNT }, (_, i) => (
            <li key={i} className={styles.placeholder} aria-hidden="true" />
          ))}
        </ol>
      ) : (
        <ol className={styles.list}>
          {list.map((video) => (
            <li key={video.videoId} className={styles.item}>
              <RelatedRow video={video} />
              {action && <div className={styles.action}>{action(video)}</div>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function RelatedRow({ video }: { video: RelatedVideo }) {
  const duration = video.duration > 0 ? formatDuration(video.duration) : '';
  return (
    <Link to={videoPath(video.videoId)} className={styles.row}>
      <span className={styles.cover}>
        {video.thumbUrl && (
          <img src={video.thumbUrl} alt="" width={120} height={68} loading="lazy" />
        )}
        {duration && <span className={styles.duration}>{duration}</span>}
      </span>
      <span className={styles.text}>
        <span className={styles.title}>{video.title}</span>
        <span className={styles.meta}>
          <span className={styles.author}>{video.user_info.name}</span>
          <span>{t.playCount(formatCount(video.video_watch_count))}</span>
        </span>
      </span>
    </Link>
  );
}
