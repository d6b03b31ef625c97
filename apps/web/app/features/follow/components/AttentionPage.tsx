import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { getAttentionFeed, getFollowList } from '@melon/shared/calls/follow.calls';
import type { FeedPage } from '@melon/shared/contracts/feed';
import { AUTHOR_LIST_MAX_COUNT, type AuthorList } from '@melon/shared/contracts/follow';
import type { ReactNode } from 'react';
import { browserClient } from '~/lib/browser-client.ts';
import { useMore } from '~/lib/use-more.ts';
import type { FollowDeps } from '../follow-deps.ts';
import { followMessages as t } from '../messages.ts';
import { FollowedAuthor } from './FollowedAuthor.tsx';
import styles from './AttentionPage.module.css';

interface AttentionPageProps {
  authors: AuthorList;
  videos: FeedPage;
  /** One video card (the feed's, composed by the route) at its place in the list. */
  renderVideo: (cell: FeedPage['list'][number], index: number) => ReactNode;
  deps: FollowDeps;
}

const nextAuthors = (last: AuthorList) =>
  browserClient().call(getFollowList, { cursor: last.cursor, count: AUTHOR_LIST_MAX_COUNT });

const nextVideos = (last: FeedPage) =>
  browserClient().call(getAttentionFeed, { offset: last.offset, count: DEFAULT_PAGE_SIZE });

function MoreButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <button type="button" className={styles.more} disabled={loading} onClick={onClick}>
      {loading ? t.loading : t.more}
    </button>
  );
}

/** /my/attention: the authors the viewer follows, then their newest videos. */
export function AttentionPage({ authors, videos, renderVideo, deps }: AttentionPageProps) {
  const authorList = useMore(authors, {
    read: (page) => ({ items: page.userList, hasMore: page.hasMore }),
    fetchNext: nextAuthors,
    key: (author) => author.user_id,
    notify: deps.notify,
    failed: t.failed,
  });
  const videoList = useMore(videos, {
    read: (page) => ({ items: page.list, hasMore: page.hasMore }),
    fetchNext: nextVideos,
    key: (cell) => cell.groupId,
    notify: deps.notify,
    failed: t.failed,
  });

  return (
    <>
      <h1 className={styles.heading}>{t.title}</h1>
      <section className={styles.section} aria-labelledby="attention-authors">
        <h2 id="attention-authors" className={styles.subheading}>
          {t.authorsHeading}
        </h2>
        {authorList.items.length === 0 ? (
          <p className={styles.empty}>{t.noAuthors}</p>
        ) : (
          <ul className={styles.authors}>
            {authorList.items.map((author) => (
              <FollowedAuthor key={author.user_id} author={author} deps={deps} />
            ))}
          </ul>
        )}
        {authorList.hasMore && (
          <MoreButton loading={authorList.loading} onClick={authorList.loadMore} />
        )}
      </section>
      <section className={styles.section} aria-labelledby="attention-videos">
        <h2 id="attention-videos" className={styles.subheading}>
          {t.videos}
        </h2>
        {videoList.items.length === 0 ? (
          <p className={styles.empty}>{t.noVideos}</p>
        ) : (
          <ul className={styles.videos}>
            {videoList.items.map((cell, index) => (
              <li key={cell.groupId}>{renderVideo(cell, index)}</li>
            ))}
          </ul>
        )}
        {videoList.hasMore && (
          <MoreButton loading={videoList.loading} onClick={videoList.loadMore} />
        )}
      </section>
    </>
  );
}
