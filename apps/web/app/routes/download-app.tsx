import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/download-app';

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.downloadApp) }];

export default function DownloadApp() {
  return <ComingSoonPage title={t.downloadApp} />;
}
