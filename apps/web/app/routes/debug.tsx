import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/debug';

export const meta: Route.MetaFunction = () => [
  { title: documentTitle(t.debug) },
  { name: 'robots', content: 'noindex' },
];

export default function Debug() {
  return <ComingSoonPage title={t.debug} />;
}
