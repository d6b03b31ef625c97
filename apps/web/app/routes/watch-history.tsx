import { getHistory, searchHistory } from '@melon/shared/calls/history.calls';
import { WatchHistoryPage } from '~/features/history/components/WatchHistoryPage.tsx';
import { historyTypeOf } from '~/features/history/history-path.ts';
import { historyMessages as t } from '~/features/history/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound } from '~/lib/not-found.ts';
import { signedOut } from '~/lib/signed-out.ts';
import type { Route } from './+types/watch-history';

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const type = historyTypeOf(params.tab_key);
  if (!type) notFound();
  const keyword = url.searchParams.get('keyword')?.trim() || null;
  const client = serverClient(context);
  const first = await (
    keyword ? client.call(searchHistory, { keyword, type }) : client.call(getHistory, { type })
  ).catch(signedOut);
  // A visitor: the page asks them to sign in (SPEC §2, the watch-history prompt).
  if (!first) return { history: null, nowMs: 0 };
  return { history: { first, type, keyword }, nowMs: Date.now() };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.title, noindex: true });

export default function WatchHistory({ loaderData }: Route.ComponentProps) {
  const { history, nowMs } = loaderData;
  const toast = useToast();
  if (!history) return <SignedOutPrompt source="history" title={t.signedOut} />;
  return (
    <WatchHistoryPage
      // A new tab or search starts a new list.
      key={`${history.type}:${history.keyword ?? ''}`}
      first={history.first}
      type={history.type}
      keyword={history.keyword}
      nowMs={nowMs}
      notify={toast.show}
    />
  );
}
