import { CinemaFilterPage } from '~/features/cinema/components/CinemaFilterPage.tsx';
import { loadFilterPage } from '~/features/cinema/filter-page.server.ts';
import { isCinemaPinyin } from '~/features/cinema/filter-state.ts';
import { cinemaMessages as t } from '~/features/cinema/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { notFound } from '~/lib/not-found.ts';
import type { Route } from './+types/cinema-filter';
import { useAlbumActions } from './card-actions.view.tsx';

/** The optional first segment is the /stream prefix of stream resources (SPEC §2). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  if (params.stream !== undefined && params.stream !== 'stream') notFound();
  if (!isCinemaPinyin(params.pinyin)) notFound();
  return loadFilterPage(context, params.pinyin, url, params.stream !== undefined);
}

/** One address per category: the choices of the query are the same page's (decision 053). */
export const meta: Route.MetaFunction = (args) => {
  const { category, base } = args.loaderData;
  const name = category.category.name;
  return pageMeta(args, {
    title: t.filterTitle(name),
    description: t.filterDescription(name),
    path: base.replace(/^\/stream/, ''),
  });
};

export default function CinemaFilter({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  const albumAction = useAlbumActions();
  return <CinemaFilterPage data={loaderData} notify={toast.show} albumAction={albumAction} />;
}
