import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import type { Route } from './+types/tort';

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.tort });

export default function Tort() {
  return <ComingSoonPage title={t.tort} />;
}
