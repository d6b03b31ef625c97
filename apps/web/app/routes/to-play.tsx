import { isGid } from '@melon/shared/ids/id-rules';
import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import { notFound } from '~/lib/not-found.ts';
import type { Route } from './+types/to-play';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden' } };

export function loader({ params }: Route.LoaderArgs) {
  if (!isGid(params.gid)) notFound();
  return { gid: params.gid };
}

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.toPlay) }];

export default function ToPlay({ loaderData }: Route.ComponentProps) {
  return (
    <ComingSoonPage title={t.toPlay} note={t.videoNote} details={[t.videoId(loaderData.gid)]} />
  );
}
