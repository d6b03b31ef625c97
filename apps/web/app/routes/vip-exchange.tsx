import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/vip-exchange';

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.vipExchange) }];

export default function VipExchange() {
  return <ComingSoonPage title={t.vipExchange} />;
}
