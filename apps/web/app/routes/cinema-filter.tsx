import { ComingSoonPage } from '~/features/coming-soon/components/ComingSoonPage.tsx';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { notFound } from '~/lib/not-found.ts';
import { CHANNEL_PINYIN } from '~/lib/paths.ts';
import type { Route } from './+types/cinema-filter';

/** The optional first segment is the /stream prefix of stream resources (SPEC §2). */
export function loader({ params }: Route.LoaderArgs) {
  if (params.stream !== undefined && params.stream !== 'stream') notFound();
  if (!CHANNEL_PINYIN.test(params.pinyin)) notFound();
  return { pinyin: params.pinyin };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.cinemaFilter });

export default function CinemaFilter({ loaderData }: Route.ComponentProps) {
  return <ComingSoonPage title={t.cinemaFilter} details={[t.category(loaderData.pinyin)]} />;
}
