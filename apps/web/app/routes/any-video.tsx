import { redirect } from 'react-router';
import { getMixInformation } from '@melon/shared/calls/video.calls';
import { isMixId } from '@melon/shared/ids/id-rules';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { loadHistoryPosition } from '~/features/history/history-position.server.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import type { Route } from './+types/any-video';
import { startParamOf, VideoPageView } from './video-page.view.tsx';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden' } };

export async function loader({ context, params, url }: Route.LoaderArgs) {
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
  return {
    mixId: info.mix_id,
    mixItemType: info.mix_item_type,
    details: info.details,
    startParam: startParamOf(url),
    historyPosition: await loadHistoryPosition(client, info.details.item_id),
    nowMs: Date.now(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: documentTitle(loaderData.details.title) },
  { name: 'description', content: loaderData.details.abstract.slice(0, 160) },
  { property: 'og:title', content: loaderData.details.title },
  { property: 'og:image', content: loaderData.details.cover_url },
];

export default function AnyVideo({ loaderData }: Route.ComponentProps) {
  return <VideoPageView data={loaderData} />;
}
