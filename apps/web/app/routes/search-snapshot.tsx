import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/search-snapshot';

export const meta: Route.MetaFunction = () => [
  { title: documentTitle(t.snapshot) },
  { name: 'robots', content: 'noindex' },
];

export default function SearchSnapshot() {
  return <ComingSoonPage title={t.snapshot} />;
}
