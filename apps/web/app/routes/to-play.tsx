import { useMemo } from 'react';
import { getToPlayCards } from '@melon/shared/calls/to-play.calls';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import { isGid } from '@melon/shared/ids/id-rules';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { loadHistoryPosition } from '~/features/history/history-position.server.ts';
import { SiteLinks } from '~/features/seo/components/SiteLinks.tsx';
import { useToPlay } from '~/features/to-play/hooks/use-to-play.ts';
import { nextItemsOfBasket } from '~/features/video-page/next-items.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import type { Route } from './+types/to-play';
import { pageExtras } from './video-page.extras.server.ts';
import { videoPageMeta } from './video-page.meta.ts';
import { startParamOf, VideoPageView, type PageQueue } from './video-page.view.tsx';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden', toPlayBasket: true } };

const toPlayPath = (groupId: string) => `/toplay/${groupId}`;

/**
 * /toplay/:gid (decision 051): plays a basket entry — a video, or the album's episode the
 * viewer is at — with the basket beside it as the list that plays next.
 */
export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  if (!isGid(params.gid)) notFound();
  const client = serverClient(context);
  const { list } = await client
    .call(getToPlayCards, { group_ids: params.gid })
    .catch(rethrowNotFound);
  const entry = list[0];
  if (!entry) notFound();
  const details = await client
    .call(getVideoDetails, { group_id: entry.play_id })
    .catch(rethrowNotFound);
  const [extras, historyPosition] = await Promise.all([
    pageExtras(client, request, details.group_id),
    loadHistoryPosition(client, details.item_id),
  ]);
  return {
    mixId: entry.group_id,
    mixItemType: entry.item_type,
    details,
    startParam: startParamOf(url),
    ...extras,
    historyPosition,
    nowMs: Date.now(),
  };
}

/** The video's own page is its one address. */
export const meta: Route.MetaFunction = (args) =>
  videoPageMeta(args, args.loaderData.details, `/${args.loaderData.details.group_id}`);

export default function ToPlay({ loaderData }: Route.ComponentProps) {
  const { entries, remove } = useToPlay();
  const { mixId } = loaderData;
  const queue = useMemo<PageQueue | null>(
    () =>
      entries && entries.length > 0
        ? {
            list: nextItemsOfBasket(entries, mixId, (groupId) => void remove(groupId)),
            pathOf: toPlayPath,
          }
        : null,
    [entries, mixId, remove],
  );
  return (
    <>
      <VideoPageView data={loaderData} queue={queue} />
      <SiteLinks links={loaderData.links} />
    </>
  );
}
