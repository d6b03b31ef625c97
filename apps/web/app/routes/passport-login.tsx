import { redirect } from 'react-router';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { sameOriginPath } from '@melon/shared/same-origin-path';
import { LoginScreen } from '~/features/passport/components/LoginScreen.tsx';
import { loginError } from '~/features/passport/login-error.ts';
import { passportMessages as t } from '~/features/passport/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import type { Route } from './+types/passport-login';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden', fixedButton: false } };

/**
 * The single sign-on page (SPEC §2, §6): where a 401 outside the dialog leads. `service` must be
 * this site's own origin or a path; anything else falls back to / (no open redirect). A failed
 * third-party sign-in comes back here with its message in `error`.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const service = sameOriginPath(url.searchParams.get('service'), url.origin);
  const config = await serverClient(context)
    .call(getGlobalConfig)
    .catch(() => null);
  // Already signed in: nothing to do here.
  if (config?.isLogin) return redirect(service);
  return { service, error: loginError(url.searchParams.get('error')) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.loginPage.title, noindex: true });

export default function PassportLogin({ loaderData }: Route.ComponentProps) {
  return <LoginScreen service={loaderData.service} error={loaderData.error} />;
}
