import { getVideoDetails } from '@melon/shared/calls/video.calls';
import { isGid } from '@melon/shared/ids/id-rules';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { loadHistoryPosition } from '~/features/history/history-position.server.ts';
import { SiteLinks } from '~/features/seo/components/SiteLinks.tsx';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import type { Route } from './+types/to-play';
import { pageExtras } from './video-page.extras.server.ts';
import { videoPageMeta } from './video-page.meta.ts';
import { startParamOf, VideoPageView } from './video-page.view.tsx';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden' } };

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  if (!isGid(params.gid)) notFound();
  const client = serverClient(context);
  const details = await client
    .call(getVideoDetails, { group_id: params.gid })
    .catch(rethrowNotFound);
  const [extras, historyPosition] = await Promise.all([
    pageExtras(client, request, details.group_id),
    loadHistoryPosition(client, details.item_id),
  ]);
  return {
    mixId: details.group_id,
    mixItemType: details.item_type,
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
  return (
    <>
      <VideoPageView data={loaderData} />
      <SiteLinks links={loaderData.links} />
    </>
  );
}
