import { getVipProducts } from '@melon/shared/calls/pay.calls';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { ExchangePage } from '~/features/vip/components/ExchangePage.tsx';
import { vipMessages as t } from '~/features/vip/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import type { Route } from './+types/vip-exchange';

export async function loader({ context }: Route.LoaderArgs) {
  const { membership } = await serverClient(context).call(getVipProducts);
  return { membership };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.exchangeTitle, noindex: true });

export default function VipExchange({ loaderData }: Route.ComponentProps) {
  const { membership } = loaderData;
  if (!membership) return <SignedOutPrompt source="other" title={t.exchange.signedOut} />;
  return <ExchangePage membership={membership} />;
}
