import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import type { Route } from './+types/empty-any-video';

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.emptyVideo) }];

export default function EmptyAnyVideo() {
  return <ComingSoonPage title={t.emptyVideo} note={t.emptyVideoNote} />;
}
