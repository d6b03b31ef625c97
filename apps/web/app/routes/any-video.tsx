import { redirect } from 'react-router';
import { getMixInformation } from '@melon/shared/calls/video.calls';
import { isMixId } from '@melon/shared/ids/id-rules';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { loadHistoryPosition } from '~/features/history/history-position.server.ts';
import { SiteLinks } from '~/features/seo/components/SiteLinks.tsx';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import type { Route } from './+types/any-video';
import { pageExtras } from './video-page.extras.server.ts';
import { videoPageMeta } from './video-page.meta.ts';
import { startParamOf, VideoPageView } from './video-page.view.tsx';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden' } };

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  if (!isMixId(params.mixId)) notFound();
  // ?id= names a child item; naming the page's own id says nothing, so it is dropped (SPEC §2).
  const childId = url.searchParams.get('id');
  if (childId === params.mixId) {
    const search = new URLSearchParams(url.search);
    search.delete('id');
    const query = search.toString();
    return redirect(query ? `${url.pathname}?${query}` : url.pathname);
  }
  if (childId !== null && !isMixId(childId)) notFound();
  const client = serverClient(context);
  const info = await client
    .call(getMixInformation, { mixId: params.mixId, ...(childId ? { id: childId } : {}) })
    .catch(rethrowNotFound);
  const [extras, historyPosition] = await Promise.all([
    pageExtras(client, request, info.details.group_id),
    loadHistoryPosition(client, info.details.item_id),
  ]);
  return {
    mixId: info.mix_id,
    mixItemType: info.mix_item_type,
    details: info.details,
    startParam: startParamOf(url),
    ...extras,
    historyPosition,
    nowMs: Date.now(),
  };
}

/** One address per page: the page's own id, and the child item's when `?id=` names one. */
export const meta: Route.MetaFunction = (args) => {
  const childId = new URLSearchParams(args.location.search).get('id');
  const path = `/${args.loaderData.mixId}${childId ? `?id=${encodeURIComponent(childId)}` : ''}`;
  return videoPageMeta(args, args.loaderData.details, path);
};

export default function AnyVideo({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <VideoPageView data={loaderData} />
      <SiteLinks links={loaderData.links} />
    </>
  );
}
