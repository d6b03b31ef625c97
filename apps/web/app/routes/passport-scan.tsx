import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { ScanConfirm } from '~/features/passport/components/ScanConfirm.tsx';
import { passportMessages as t } from '~/features/passport/messages.ts';
import type { Route } from './+types/passport-scan';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden', fixedButton: false } };

/** The page a signed-in phone opens from the login QR code: 确认登录 or 取消. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token')?.slice(0, 128) ?? '' };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.title.scanConfirm, noindex: true });

export default function PassportScan({ loaderData }: Route.ComponentProps) {
  return <ScanConfirm token={loaderData.token} />;
}
