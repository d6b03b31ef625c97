import { isMixId } from '@melon/shared/ids/id-rules';
import { comingSoonMessages as t } from '~/features/coming-soon/messages.ts';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { notFound } from '~/lib/not-found.ts';
import type { Route } from './+types/embed';
import styles from './embed.module.css';

export const handle: LayoutHandle = {
  layout: { header: 'hidden', sideMenu: 'hidden', fixedButton: false, toPlayBasket: false },
};

export function loader({ params }: Route.LoaderArgs) {
  if (!isMixId(params.mixId)) notFound();
  return { mixId: params.mixId };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.embed, noindex: true });

export default function Embed({ loaderData }: Route.ComponentProps) {
  return (
    <section className={styles.stage}>
      <h1 className={styles.title}>{t.videoNote}</h1>
      <p className={styles.id}>{t.videoId(loaderData.mixId)}</p>
    </section>
  );
}
