import { emptyVideoMessages as t } from '~/features/empty-video/messages.ts';
import { missingVideoAnswer } from '~/features/empty-video/missing-video.ts';
import { loadRecommendedVideos } from '~/features/empty-video/recommended.server.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import type { Route } from './+types/empty-any-video';
import { EmptyVideoView } from './empty-video.view.tsx';

/**
 * The page says a video is not there: HTTP 404, so that no search engine or link checker takes
 * it for content (decision 056). A gone video's own address shows the same page (any-video).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return missingVideoAnswer(await loadRecommendedVideos(serverClient(context)));
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.title, noindex: true });

export default function EmptyAnyVideo({ loaderData }: Route.ComponentProps) {
  return <EmptyVideoView videos={loaderData.videos} nowMs={loaderData.nowMs} />;
}
