import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import type { Route } from './+types/vip-exchange';

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.vipExchange });

export default function VipExchange() {
  return <ComingSoonPage title={t.vipExchange} />;
}
