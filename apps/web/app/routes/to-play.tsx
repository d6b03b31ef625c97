import { getVideoDetails } from '@melon/shared/calls/video.calls';
import { isGid } from '@melon/shared/ids/id-rules';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { loadHistoryPosition } from '~/features/history/history-position.server.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import type { Route } from './+types/to-play';
import { startParamOf, VideoPageView } from './video-page.view.tsx';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden' } };

export async function loader({ context, params, url }: Route.LoaderArgs) {
  if (!isGid(params.gid)) notFound();
  const client = serverClient(context);
  const details = await client
    .call(getVideoDetails, { group_id: params.gid })
    .catch(rethrowNotFound);
  return {
    mixId: details.group_id,
    mixItemType: details.item_type,
    details,
    startParam: startParamOf(url),
    historyPosition: await loadHistoryPosition(client, details.item_id),
    nowMs: Date.now(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: documentTitle(loaderData.details.title) },
];

export default function ToPlay({ loaderData }: Route.ComponentProps) {
  return <VideoPageView data={loaderData} />;
}
