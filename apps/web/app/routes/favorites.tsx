import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/favorites';

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.favorites) }];

export default function Favorites() {
  return <ComingSoonPage title={t.favorites} />;
}
