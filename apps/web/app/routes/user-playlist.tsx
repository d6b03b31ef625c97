import { isUserId } from '@melon/shared/ids/id-rules';
import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import { notFound } from '~/lib/not-found.ts';
import type { Route } from './+types/user-playlist';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden' } };

export function loader({ params }: Route.LoaderArgs) {
  if (!isUserId(params.userId)) notFound();
  return { userId: params.userId };
}

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.userPlaylist) }];

export default function UserPlaylist({ loaderData }: Route.ComponentProps) {
  return <ComingSoonPage title={t.userPlaylist} details={[t.userId(loaderData.userId)]} />;
}
