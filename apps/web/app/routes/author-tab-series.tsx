import { isUserId } from '@melon/shared/ids/id-rules';
import { SeriesTab } from '~/features/author/components/SeriesTab.tsx';
import { loadSeriesTab } from '~/features/author/series-tab.server.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound } from '~/lib/not-found.ts';
import type { Route } from './+types/author-tab-series';

/** The author page's 合集 tab: the author's series, or the one :details_id names. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isUserId(params.to_user_id)) notFound();
  return loadSeriesTab(serverClient(context), 'series', params.to_user_id, params.details_id);
}

export default function AuthorTabSeries({ loaderData }: Route.ComponentProps) {
  return <SeriesTab data={loaderData} notify={useToast().show} />;
}
