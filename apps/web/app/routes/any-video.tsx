import { redirect } from 'react-router';
import { getMixInformation } from '@melon/shared/calls/video.calls';
import { ApiError } from '@melon/shared/client/errors';
import { isMixId } from '@melon/shared/ids/id-rules';
import { loadAlbumDetails } from '~/features/cinema/album-details.server.ts';
import { emptyVideoMessages } from '~/features/empty-video/messages.ts';
import { missingVideoOf, throwMissingVideo } from '~/features/empty-video/missing-video.ts';
import { loadRecommendedVideos } from '~/features/empty-video/recommended.server.ts';
import { RouteError } from '~/features/errors/components/RouteError.tsx';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { loadHistoryPosition } from '~/features/history/history-position.server.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SiteLinks } from '~/features/seo/components/SiteLinks.tsx';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound } from '~/lib/not-found.ts';
import type { Route } from './+types/any-video';
import { EmptyVideoView } from './empty-video.view.tsx';
import { errorMeta } from './error.meta.ts';
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
    .catch(async (error: unknown) => {
      // A well-formed id whose video is gone (or never was): 视频不存在 in place, with 404.
      if (error instanceof ApiError && error.status === 404) {
        throwMissingVideo(await loadRecommendedVideos(client));
      }
      throw error;
    });
  const album = info.details.album;
  const [extras, historyPosition, albumDetails] = await Promise.all([
    pageExtras(client, request, info.details.group_id),
    loadHistoryPosition(client, info.details.item_id),
    album ? loadAlbumDetails(client, album.album_id) : null,
  ]);
  return {
    mixId: info.mix_id,
    mixItemType: info.mix_item_type,
    details: info.details,
    startParam: startParamOf(url),
    ...extras,
    historyPosition,
    albumDetails,
    nowMs: Date.now(),
  };
}

/** One address per page: the page's own id, and the child item's when `?id=` names one. */
export const meta: Route.MetaFunction = (args) => {
  if (missingVideoOf(args.error)) {
    return pageMeta(args, { title: emptyVideoMessages.title, noindex: true });
  }
  if (args.error || !args.loaderData) return errorMeta(args.error);
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

/** A gone video's address shows 视频不存在 (decision 056); other errors, the site's error pages. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = missingVideoOf(error);
  if (missing) return <EmptyVideoView videos={missing.videos} nowMs={missing.nowMs} />;
  return <RouteError error={error} />;
}
