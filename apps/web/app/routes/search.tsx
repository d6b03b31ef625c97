import { SearchResultsPage } from '~/features/search/components/SearchResultsPage.tsx';
import { searchMessages as t } from '~/features/search/messages.ts';
import { loadResults } from '~/features/search/results-loader.server.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { notFound } from '~/lib/not-found.ts';
import { searchPath } from '~/lib/paths.ts';
import type { Route } from './+types/search';
import { useCardActions } from './card-actions.view.tsx';

/** SPEC QC levels: 0, 1, suggest 2, force 3. */
const QC = /^[0-3]$/;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  if (params.qc !== undefined && !QC.test(params.qc)) notFound();
  return loadResults(context, params.keyword, url, 'all');
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `${args.loaderData.first.keyword} - ${t.title}`, noindex: true });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { first, filters } = loaderData;
  const itemAction = useCardActions('text');
  return (
    <SearchResultsPage
      // A new search or tab starts its list again.
      key={first.search_id}
      first={first}
      filters={filters}
      base={searchPath(first.keyword)}
      defaultType="all"
      switchHost={loaderData.switchHost}
      hotWords={loaderData.hotWords}
      nowMs={loaderData.nowMs}
      itemAction={itemAction}
    />
  );
}
