import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/user-center';

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.userCenter) }];

export default function UserCenter() {
  return <ComingSoonPage title={t.userCenter} />;
}
