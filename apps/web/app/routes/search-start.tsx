import { redirect } from 'react-router';
import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import { searchPath } from '~/lib/paths.ts';
import type { Route } from './+types/search-start';

/** The header's search form without JavaScript arrives here as ?keyword=. */
export function loader({ url }: Route.LoaderArgs) {
  const keyword = url.searchParams.get('keyword')?.trim();
  return keyword ? redirect(searchPath(keyword)) : null;
}

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.search) }];

export default function SearchStart() {
  return <ComingSoonPage title={t.search} note={t.searchHint} />;
}
