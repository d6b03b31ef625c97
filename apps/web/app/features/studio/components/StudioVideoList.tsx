import { Link } from 'react-router';
import { getStudioVideos } from '@melon/shared/calls/studio.calls';
import type { StudioVideo, StudioVideosPage } from '@melon/shared/contracts/studio';
import { formatCount } from '@melon/shared/format/count';
import { formatDuration } from '@melon/shared/format/duration';
import loadMoreStyles from '~/components/ui/LoadMoreButton.module.css';
import { browserClient } from '~/lib/browser-client.ts';
import { useMore } from '~/lib/use-more.ts';
import { studioPath } from '../studio-sections.ts';
import { studioVideoMessages as t } from '../video-messages.ts';
import frame from './Studio.module.css';
import styles from './StudioVideos.module.css';
import { VideoState } from './VideoState.tsx';

interface StudioVideoListProps {
  first: StudioVideosPage;
  notify: (message: string) => void;
}

/** 我的视频: every video of the author, newest first, with its state, counts and actions. */
export function StudioVideoList({ first, notify }: StudioVideoListProps) {
  const list = useMore(first, {
    read: (page) => ({ items: page.list, hasMore: page.has_more }),
    fetchNext: (last) => browserClient().call(getStudioVideos, { cursor: last.cursor }),
    key: (video) => video.item_id,
    notify,
    failed: t.loadFailed,
  });
  if (list.items.length === 0) return <p className={styles.empty}>{t.empty}</p>;
  return (
    <>
      <ul className={styles.list} aria-label={t.listLabel}>
        {list.items.map((video) => (
          <VideoRow key={video.item_id} video={video} />
        ))}
      </ul>
      {list.hasMore && (
        <div className={styles.more}>
          <button
            type="button"
            className={loadMoreStyles.loadMore}
            disabled={list.loading}
            onClick={list.loadMore}
          >
            {t.loadMore}
          </button>
        </div>
      )}
    </>
  );
}

export const visibilityLabel = (level: number): string =>
  level === 15 || level === 20 || level === 60 ? t.visibility[level] : t.otherVisibility;

function VideoRow({ video }: { video: StudioVideo }) {
  const published = new Date(video.publish_time * 1000).toLocaleDateString('zh-CN');
  return (
    <li className={styles.row} data-testid="studio-video">
      <div className={styles.cover}>
        {video.cover_url && <img src={video.cover_url} alt="" loading="lazy" />}
        {video.duration > 0 && (
          <span className={styles.duration}>{formatDuration(video.duration)}</span>
        )}
      </div>
      <div className={styles.main}>
        <span className={styles.title}>{video.title}</span>
        <div className={styles.meta}>
          <VideoState video={video} />
          <span className={styles.badge}>{visibilityLabel(video.visibility)}</span>
          <span>{published}</span>
        </div>
        <div className={styles.stats}>
          <span>
            {t.stats.plays} {formatCount(video.play_count)}
          </span>
          <span>
            {t.stats.likes} {formatCount(video.digg_count)}
          </span>
          <span>
            {t.stats.comments} {formatCount(video.comment_count)}
          </span>
          <span>
            {t.stats.danmaku} {formatCount(video.danmaku_count)}
          </span>
        </div>
        <div className={styles.rowActions}>
          <Link
            className={frame.button}
            to={studioPath('videos', video.item_id)}
            aria-label={`${t.edit}：${video.title}`}
          >
            {t.edit}
          </Link>
          <Link
            className={frame.button}
            to={studioPath('analytics', video.item_id)}
            aria-label={`${t.analytics}：${video.title}`}
          >
            {t.analytics}
          </Link>
          {video.state === 'ready' && (
            <Link className={frame.button} to={`/${video.item_id}`}>
              {t.watch}
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}
