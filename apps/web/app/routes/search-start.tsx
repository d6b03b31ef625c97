import { redirect } from 'react-router';
import { getHotWords, getSuggestWords } from '@melon/shared/calls/search.calls';
import { SearchStartPage } from '~/features/search/components/SearchStartPage.tsx';
import { searchMessages as t } from '~/features/search/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { searchPath } from '~/lib/paths.ts';
import type { Route } from './+types/search-start';

/** The header's search form without JavaScript arrives here as ?keyword=. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const keyword = url.searchParams.get('keyword')?.trim();
  if (keyword) return redirect(searchPath(keyword));
  const client = serverClient(context);
  // Words fail silently to empty lists (SPEC §8): the page still offers the box.
  const [hot, guess] = await Promise.all([
    client.call(getHotWords).then(
      (answer) => answer.list,
      () => [],
    ),
    client.call(getSuggestWords, { business_id: '70008', device_platform: 'web' }).then(
      (answer) => answer.list,
      () => [],
    ),
  ]);
  return { hot, guess };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.title, noindex: true });

export default function SearchStart({ loaderData }: Route.ComponentProps) {
  return <SearchStartPage hot={loaderData.hot} guess={loaderData.guess} />;
}
