import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/keyword-videos';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: documentTitle(`${params.keyword} - ${t.keywordVideos}`) },
];

export default function KeywordVideos({ params }: Route.ComponentProps) {
  return <ComingSoonPage title={t.keywordVideos} details={[t.keyword(params.keyword)]} />;
}
