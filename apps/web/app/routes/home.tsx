import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { FeedView } from '~/features/feed/components/FeedView.tsx';
import { feedMessages } from '~/features/feed/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SiteLinks } from '~/features/seo/components/SiteLinks.tsx';
import { loadSiteLinks } from '~/features/seo/site-links.server.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { HOME_CHANNEL_ID } from '~/lib/paths.ts';
import type { Route } from './+types/home';
import { useCardFollow } from './follow.view.tsx';
import { useCardActions } from './card-actions.view.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const client = serverClient(context);
  const [page, links] = await Promise.all([
    client.call(getFeedById, { channelId: HOME_CHANNEL_ID, offset: 0, count: DEFAULT_PAGE_SIZE }),
    loadSiteLinks(client),
  ]);
  return { page, links, nowMs: Date.now() };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { path: '/' });

export default function Home({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  const authorAction = useCardFollow();
  const coverAction = useCardActions();
  return (
    <>
      <h1 className="visually-hidden">{feedMessages.homeHeading}</h1>
      <FeedView
        firstPage={loaderData.page}
        nowMs={loaderData.nowMs}
        onLoadError={toast.show}
        authorAction={authorAction}
        coverAction={coverAction}
      />
      <SiteLinks links={loaderData.links} />
    </>
  );
}
