import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/search';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: documentTitle(`${params.keyword} - ${t.search}`) },
];

export default function Search({ params }: Route.ComponentProps) {
  return <ComingSoonPage title={t.search} details={[t.keyword(params.keyword)]} />;
}
