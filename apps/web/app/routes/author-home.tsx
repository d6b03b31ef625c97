import { isUserId } from '@melon/shared/ids/id-rules';
import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { documentTitle } from '~/features/layout/messages.ts';
import { notFound } from '~/lib/not-found.ts';
import type { Route } from './+types/author-home';

export function loader({ params }: Route.LoaderArgs) {
  if (!isUserId(params.to_user_id)) notFound();
  return { userId: params.to_user_id };
}

export const meta: Route.MetaFunction = () => [{ title: documentTitle(t.author) }];

export default function AuthorHome({ loaderData }: Route.ComponentProps) {
  return <ComingSoonPage title={t.author} details={[t.userId(loaderData.userId)]} />;
}
