import { Link } from 'react-router';
import { getAuthorHome } from '@melon/shared/calls/author.calls';
import { isUserId } from '@melon/shared/ids/id-rules';
import { authorTabPath, toAuthorHomeState } from '~/features/author/author-state.ts';
import styles from '~/features/author/components/AuthorPage.module.css';
import { SeriesGrid } from '~/features/author/components/SeriesGrid.tsx';
import { ShortVideoGrid } from '~/features/author/components/ShortVideoGrid.tsx';
import { VideoGrid } from '~/features/author/components/VideoGrid.tsx';
import { authorMessages as t } from '~/features/author/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import { videoPath } from '~/lib/paths.ts';
import type { Route } from './+types/author-tab-home';
import { useListItemActions } from './card-actions.view.tsx';

/** The author page's home tab: the SPEC §3 author home state, one shelf per list. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isUserId(params.to_user_id)) notFound();
  const home = await serverClient(context)
    .call(getAuthorHome, { to_user_id: params.to_user_id })
    .catch(rethrowNotFound);
  return { userId: params.to_user_id, home: toAuthorHomeState(home) };
}

function Shelf({
  title,
  more,
  children,
}: {
  title: string;
  more?: string;
  children: React.ReactNode;
}) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {more && (
          <Link to={more} className={styles.sectionLink}>
            {t.seeAll}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

export default function AuthorTabHome({ loaderData }: Route.ComponentProps) {
  const { userId, home } = loaderData;
  const itemAction = useListItemActions();
  if (home.videos.videoList.length === 0 && home.seriesVideos.list.length === 0) {
    return <p className={styles.empty}>{t.empty}</p>;
  }
  return (
    <>
      {home.videos.videoList.length > 0 && (
        <Shelf title={t.newest} more={authorTabPath(userId, 'video')}>
          <VideoGrid videos={home.videos.videoList} pathOf={videoPath} action={itemAction} />
        </Shelf>
      )}
      {home.hotsoonVideos.videoList.length > 0 && (
        <Shelf title={t.tabs.hotsoon} more={authorTabPath(userId, 'hotsoon')}>
          <ShortVideoGrid
            cells={home.hotsoonVideos.videoList}
            pathOf={(id) => authorTabPath(userId, 'hotsoon', id)}
          />
        </Shelf>
      )}
      {home.seriesVideos.list.length > 0 && (
        <Shelf title={t.tabs.series} more={authorTabPath(userId, 'series')}>
          <SeriesGrid
            series={home.seriesVideos.list}
            pathOf={(id) => authorTabPath(userId, 'series', id)}
          />
        </Shelf>
      )}
      {home.hotVideos.length > 0 && (
        <Shelf title={t.hottest}>
          <VideoGrid videos={home.hotVideos} pathOf={videoPath} action={itemAction} />
        </Shelf>
      )}
    </>
  );
}
