import { useNavigate } from 'react-router';
import { getHotsoonVideos } from '@melon/shared/calls/author.calls';
import type { HotsoonPage } from '@melon/shared/contracts/author';
import { isMixId, isUserId } from '@melon/shared/ids/id-rules';
import { authorTabPath } from '~/features/author/author-state.ts';
import styles from '~/features/author/components/AuthorPage.module.css';
import { LoadMore } from '~/features/author/components/LoadMore.tsx';
import { ShortVideoGrid } from '~/features/author/components/ShortVideoGrid.tsx';
import { VerticalViewer } from '~/features/author/components/VerticalViewer.tsx';
import { authorMessages as t } from '~/features/author/messages.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { browserClient } from '~/lib/browser-client.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import { useMore } from '~/lib/use-more.ts';
import type { Route } from './+types/author-tab-hotsoon';
import { ListPlayer } from './list-player.view.tsx';

/**
 * The author page's short-video tab: the vertical videos as cells; /hotsoon/:details_id opens
 * the vertical viewer on one, and the arrow keys, the wheel and a swipe go on through the list.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isUserId(params.to_user_id)) notFound();
  if (params.details_id !== undefined && !isMixId(params.details_id)) notFound();
  const first = await serverClient(context)
    .call(getHotsoonVideos, { to_user_id: params.to_user_id })
    .catch(rethrowNotFound);
  return { userId: params.to_user_id, openId: params.details_id ?? null, first };
}

export default function AuthorTabHotsoon({ loaderData }: Route.ComponentProps) {
  const { userId, openId, first } = loaderData;
  const navigate = useNavigate();
  const toast = useToast();
  const list = useMore(first, {
    read: (page: HotsoonPage) => ({ items: page.data, hasMore: page.hasMore }),
    fetchNext: (last) =>
      browserClient().call(getHotsoonVideos, {
        to_user_id: userId,
        cursor: last.cursor,
        offset: last.offset,
      }),
    key: (cell) => cell.groupId,
    notify: toast.show,
    failed: t.loadFailed,
  });
  const cells = list.items;
  const index = openId === null ? -1 : cells.findIndex((cell) => cell.groupId === openId);
  const pathOf = (groupId: string) => authorTabPath(userId, 'hotsoon', groupId);
  const open = (at: number) => {
    const cell = cells[at];
    if (!cell) return;
    if (at >= cells.length - 2 && list.hasMore) list.loadMore();
    void navigate(pathOf(cell.groupId), { replace: true, preventScrollReset: true });
  };
  if (cells.length === 0) return <p className={styles.empty}>{t.empty}</p>;
  return (
    <section className={styles.section} aria-label={t.tabs.hotsoon}>
      <ShortVideoGrid cells={cells} pathOf={pathOf} />
      <LoadMore list={list} />
      {index >= 0 && (
        <VerticalViewer
          titles={cells.map((cell) => cell.title)}
          index={index}
          onIndexChange={open}
          onClose={() => {
            void navigate(authorTabPath(userId, 'hotsoon'), { preventScrollReset: true });
          }}
        >
          <ListPlayer
            itemIds={cells.map((cell) => cell.groupId)}
            index={index}
            onIndexChange={open}
            posterOf={(id) => cells.find((cell) => cell.groupId === id)?.coverUrl ?? ''}
          />
        </VerticalViewer>
      )}
    </section>
  );
}
