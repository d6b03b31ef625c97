import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/watch-history';

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.watchHistory) }];

export default function WatchHistory() {
  return <ComingSoonPage title={t.watchHistory} />;
}
