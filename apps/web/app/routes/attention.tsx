import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/attention';

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.attention) }];

export default function Attention() {
  return <ComingSoonPage title={t.attention} />;
}
