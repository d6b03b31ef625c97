import { getBindConflict } from '@melon/shared/calls/oauth.calls';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { LoginScreen } from '~/features/passport/components/LoginScreen.tsx';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import type { Route } from './+types/passport-bind-conflict';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden', fixedButton: false } };

/** Where third-party sign-in lands when the phone's account is bound to another account. */
export async function loader({ context }: Route.LoaderArgs) {
  const conflict = await serverClient(context)
    .call(getBindConflict)
    .catch(() => null);
  return { conflict };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.title.bindConflict, noindex: true });

export default function PassportBindConflict({ loaderData }: Route.ComponentProps) {
  const { conflict } = loaderData;
  return (
    <LoginScreen
      initialPage="bind-conflict"
      conflict={conflict}
      service={conflict?.service ?? '/'}
    />
  );
}
