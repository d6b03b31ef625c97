import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import type { Route } from './+types/empty-any-video';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.emptyVideo, noindex: true });

export default function EmptyAnyVideo() {
  return <ComingSoonPage title={t.emptyVideo} note={t.emptyVideoNote} />;
}
