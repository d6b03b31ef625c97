import { getDownloadUrls } from '@melon/shared/calls/site-info.calls';
import { DownloadAppPage } from '~/features/download-app/components/DownloadAppPage.tsx';
import { installPlatformOf } from '~/features/download-app/install-platform.ts';
import { downloadAppMessages as t } from '~/features/download-app/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { qrCodeSvg } from '~/lib/qr-code.server.ts';
import type { Route } from './+types/download-app';

export async function loader({ context, request, url }: Route.LoaderArgs) {
  // The site's own address (MELON_PUBLIC_URL when set: the request's URL is on it).
  const address = `${url.origin}/`;
  const [{ packages }, qrSvg] = await Promise.all([
    serverClient(context).call(getDownloadUrls),
    qrCodeSvg(address),
  ]);
  return {
    packages,
    site: { address, qrSvg },
    platform: installPlatformOf(request.headers.get('user-agent') ?? ''),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.title, description: t.tagline });

export default function DownloadApp({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  return <DownloadAppPage {...loaderData} notify={toast.show} />;
}
