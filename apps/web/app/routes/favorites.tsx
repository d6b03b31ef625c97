import { getFavorites, searchFavorites } from '@melon/shared/calls/favorite.calls';
import { FAVORITE_KEYWORD_MAX_LENGTH, isFavoriteTab } from '@melon/shared/contracts/favorite';
import { FavoritesPage } from '~/features/favorite/components/FavoritesPage.tsx';
import { favoriteMessages as t } from '~/features/favorite/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound } from '~/lib/not-found.ts';
import { signedOut } from '~/lib/signed-out.ts';
import type { Route } from './+types/favorites';

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const tab = params.tab_key ?? 'all';
  if (!isFavoriteTab(tab)) notFound();
  const keyword =
    url.searchParams.get('keyword')?.trim().slice(0, FAVORITE_KEYWORD_MAX_LENGTH) || null;
  const client = serverClient(context);
  const first = await (
    keyword
      ? client.call(searchFavorites, { keyword, tab_key: tab })
      : client.call(getFavorites, { tab_key: tab })
  ).catch(signedOut);
  // A visitor: the page asks them to sign in, titled as the menu's 我的收藏 entry.
  if (!first) return { favorites: null, nowMs: 0 };
  return { favorites: { first, tab, keyword }, nowMs: Date.now() };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.title, noindex: true });

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { favorites, nowMs } = loaderData;
  const toast = useToast();
  if (!favorites) return <SignedOutPrompt source="favorite_list" title={t.signedOut} />;
  return (
    <FavoritesPage
      first={favorites.first}
      tab={favorites.tab}
      keyword={favorites.keyword}
      nowMs={nowMs}
      notify={toast.show}
    />
  );
}
