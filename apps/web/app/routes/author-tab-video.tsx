import { getAuthorNewVideos } from '@melon/shared/calls/author.calls';
import type { PagedVideoList } from '@melon/shared/contracts/author';
import { isUserId } from '@melon/shared/ids/id-rules';
import styles from '~/features/author/components/AuthorPage.module.css';
import { LoadMore } from '~/features/author/components/LoadMore.tsx';
import { VideoGrid } from '~/features/author/components/VideoGrid.tsx';
import { authorMessages as t } from '~/features/author/messages.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { browserClient } from '~/lib/browser-client.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import { videoPath } from '~/lib/paths.ts';
import { useMore } from '~/lib/use-more.ts';
import type { Route } from './+types/author-tab-video';
import { useListItemActions } from './card-actions.view.tsx';

/** The author page's videos tab: every video, newest first, a page at a time. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isUserId(params.to_user_id)) notFound();
  const first = await serverClient(context)
    .call(getAuthorNewVideos, { to_user_id: params.to_user_id, isHome: '0' })
    .catch(rethrowNotFound);
  return { userId: params.to_user_id, first };
}

export default function AuthorTabVideo({ loaderData }: Route.ComponentProps) {
  const { userId, first } = loaderData;
  const toast = useToast();
  const itemAction = useListItemActions();
  const list = useMore(first, {
    read: (page: PagedVideoList) => ({ items: page.videoList, hasMore: page.hasMore }),
    fetchNext: (last) =>
      browserClient().call(getAuthorNewVideos, {
        to_user_id: userId,
        cursor: last.cursor,
        offset: last.offset,
      }),
    key: (video) => video.id,
    notify: toast.show,
    failed: t.loadFailed,
  });
  if (list.items.length === 0) return <p className={styles.empty}>{t.empty}</p>;
  return (
    <section className={styles.section} aria-label={t.tabs.video}>
      <VideoGrid videos={list.items} pathOf={videoPath} action={itemAction} />
      <LoadMore list={list} />
    </section>
  );
}
