import { useRef, type ReactNode } from 'react';
import type { FeedCell, FeedPage } from '@melon/shared/contracts/feed';
import { VideoCard } from '~/features/feed/components/VideoCard.tsx';
import { VideoCardSkeleton } from '~/features/feed/components/VideoCardSkeleton.tsx';
import { EAGER_CARDS, SKELETON_CARDS } from '~/features/feed/constants.ts';
import { useInfiniteFeed } from '~/features/feed/hooks/use-infinite-feed.ts';
import { feedMessages as t } from '~/features/feed/messages.ts';
import styles from './FeedView.module.css';

interface FeedViewProps {
  firstPage: FeedPage;
  nowMs: number;
  /** Called when a later page fails to load (the feed shows a retry button as well). */
  onLoadError?: (message: string) => void;
  /** What follows each card's author name (the follow button), composed by the page. */
  authorAction?: (cell: FeedCell) => ReactNode;
  /** Over each card's cover (the 加入列表 button), composed by the page. */
  coverAction?: (cell: FeedCell) => ReactNode;
}

/** A grid of video cards that loads more as the reader nears its end. */
export function FeedView({
  firstPage,
  nowMs,
  onLoadError,
  authorAction,
  coverAction,
}: FeedViewProps) {
  const end = useRef<HTMLDivElement>(null);
  const { feed, status, retry } = useInfiniteFeed(
    firstPage,
    end,
    onLoadError &&
      (() => {
        onLoadError(t.loadFailed);
      }),
  );
  const finished = status !== 'failed' && !feed.hasMore;

  return (
    <div aria-busy={status === 'loading'}>
      <ul className={styles.grid}>
        {feed.list.map((cell, index) => (
          <li key={cell.groupId}>
            <VideoCard
              cell={cell}
              nowMs={nowMs}
              cover={index === 0 ? 'first' : index < EAGER_CARDS ? 'eager' : 'lazy'}
              authorAction={authorAction?.(cell)}
              coverAction={coverAction?.(cell)}
            />
          </li>
        ))}
        {status === 'loading' &&
          Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={`skeleton-${index}`} aria-hidden="true">
              <VideoCardSkeleton />
            </li>
          ))}
      </ul>
      <div ref={end} className={styles.end} />
      <div className={styles.status} aria-live="polite">
        {status === 'loading' && <span className="visually-hidden">{t.loading}</span>}
        {status === 'failed' && (
          <>
            <span>{t.loadFailed}</span>
            <button type="button" className={styles.retry} onClick={retry}>
              {t.retry}
            </button>
          </>
        )}
        {finished && <span>{feed.list.length > 0 ? t.endOfFeed : t.empty}</span>}
      </div>
    </div>
  );
}
