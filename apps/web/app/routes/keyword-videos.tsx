import { SearchResultsPage } from '~/features/search/components/SearchResultsPage.tsx';
import { searchMessages as t } from '~/features/search/messages.ts';
import { loadResults } from '~/features/search/results-loader.server.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import type { Route } from './+types/keyword-videos';
import { useCardActions } from './card-actions.view.tsx';

/** /kvideo/:keyword: the videos of a keyword, a page search engines may link to (decision 036). */
export function loader({ context, params, url }: Route.LoaderArgs) {
  return loadResults(context, params.keyword, url, 'svideo');
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.keywordVideos(args.loaderData.first.keyword) });

export default function KeywordVideos({ loaderData }: Route.ComponentProps) {
  const { first, filters } = loaderData;
  const itemAction = useCardActions('text');
  return (
    <SearchResultsPage
      key={first.search_id}
      first={first}
      filters={filters}
      base={`/kvideo/${encodeURIComponent(first.keyword)}`}
      defaultType="svideo"
      switchHost={loaderData.switchHost}
      hotWords={loaderData.hotWords}
      nowMs={loaderData.nowMs}
      itemAction={itemAction}
    />
  );
}
