import { getBindVerification } from '@melon/shared/calls/oauth.calls';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { LoginScreen } from '~/features/passport/components/LoginScreen.tsx';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import type { Route } from './+types/passport-bind-verify';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden', fixedButton: false } };

/**
 * Where third-party sign-in lands when the platform account's verified mobile number has an
 * account here: the SMS code to that number comes before binding to it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const verification = await serverClient(context)
    .call(getBindVerification)
    .catch(() => null);
  return { verification };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.title.bindVerify, noindex: true });

export default function PassportBindVerify({ loaderData }: Route.ComponentProps) {
  return <LoginScreen initialPage="bind-verify" verification={loaderData.verification} />;
}
