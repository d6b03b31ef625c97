import { getSearchSnapshot } from '@melon/shared/calls/search.calls';
import { SEARCH_KEYWORD_MAX_LENGTH } from '@melon/shared/contracts/search';
import { ApiError } from '@melon/shared/client/errors';
import { SnapshotPage } from '~/features/search/components/SnapshotPage.tsx';
import { searchMessages as t } from '~/features/search/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound } from '~/lib/not-found.ts';
import type { Route } from './+types/search-snapshot';

/** Operators only: to anyone else (a visitor, a viewer without the role) the page does not exist. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const keyword = url.searchParams.get('keyword')?.trim().slice(0, SEARCH_KEYWORD_MAX_LENGTH);
  const snapshot = await serverClient(context)
    .call(getSearchSnapshot, keyword ? { keyword } : {})
    .catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) notFound();
      throw error;
    });
  return { snapshot };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.snapshotTitle, noindex: true });

export default function SearchSnapshot({ loaderData }: Route.ComponentProps) {
  return <SnapshotPage snapshot={loaderData.snapshot} />;
}
