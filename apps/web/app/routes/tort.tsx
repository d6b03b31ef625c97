import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/tort';

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.tort) }];

export default function Tort() {
  return <ComingSoonPage title={t.tort} />;
}
