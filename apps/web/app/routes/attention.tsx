import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { getAttentionFeed, getFollowList } from '@melon/shared/calls/follow.calls';
import { AUTHOR_LIST_MAX_COUNT } from '@melon/shared/contracts/follow';
import { VideoCard } from '~/features/feed/components/VideoCard.tsx';
import { EAGER_CARDS } from '~/features/feed/constants.ts';
import { AttentionPage } from '~/features/follow/components/AttentionPage.tsx';
import { followMessages as t } from '~/features/follow/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound } from '~/lib/not-found.ts';
import { signedOut } from '~/lib/signed-out.ts';
import type { Route } from './+types/attention';
import { useFollowDeps } from './follow.view.tsx';
import { useCardActions } from './card-actions.view.tsx';

/** The one tab of /my/attention (authors and their videos); the bare path shows it too. */
const ATTENTION_TABS: readonly (string | undefined)[] = [undefined, 'all'];

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!ATTENTION_TABS.includes(params.tab_key)) notFound();
  const client = serverClient(context);
  const followed = await Promise.all([
    client.call(getFollowList, { count: AUTHOR_LIST_MAX_COUNT }),
    client.call(getAttentionFeed, { offset: 0, count: DEFAULT_PAGE_SIZE }),
  ]).catch(signedOut);
  // A visitor: the page asks them to sign in (SPEC §6, followed content).
  if (!followed) return { followed: null, nowMs: 0 };
  const [authors, videos] = followed;
  return { followed: { authors, videos }, nowMs: Date.now() };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.title, noindex: true });

export default function Attention({ loaderData }: Route.ComponentProps) {
  const { followed, nowMs } = loaderData;
  const deps = useFollowDeps();
  const coverAction = useCardActions();
  if (!followed) return <SignedOutPrompt source="attention" title={t.signedOut} />;
  return (
    <AttentionPage
      authors={followed.authors}
      videos={followed.videos}
      deps={deps}
      renderVideo={(cell, index) => (
        <VideoCard
          cell={cell}
          nowMs={nowMs}
          cover={index === 0 ? 'first' : index < EAGER_CARDS ? 'eager' : 'lazy'}
          coverAction={coverAction(cell)}
        />
      )}
    />
  );
}
