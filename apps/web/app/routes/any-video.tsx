import { redirect } from 'react-router';
import { isMixId } from '@melon/shared/ids/id-rules';
import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import { notFound } from '~/lib/not-found.ts';
import type { Route } from './+types/any-video';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden' } };

export function loader({ params, url }: Route.LoaderArgs) {
  if (!isMixId(params.mixId)) notFound();
  // ?id= names a child item; naming the page's own id says nothing, so it is dropped (SPEC §2).
  if (url.searchParams.get('id') === params.mixId) {
    const search = new URLSearchParams(url.search);
    search.delete('id');
    const query = search.toString();
    return redirect(query ? `${url.pathname}?${query}` : url.pathname);
  }
  return { mixId: params.mixId };
}

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.video) }];

export default function AnyVideo({ loaderData }: Route.ComponentProps) {
  return (
    <ComingSoonPage title={t.video} note={t.videoNote} details={[t.videoId(loaderData.mixId)]} />
  );
}
