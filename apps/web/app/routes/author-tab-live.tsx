import { getAuthorLive } from '@melon/shared/calls/author.calls';
import { isUserId } from '@melon/shared/ids/id-rules';
import styles from '~/features/author/components/AuthorPage.module.css';
import { authorMessages as t } from '~/features/author/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import type { Route } from './+types/author-tab-live';

/** The author page's live tab: no live rooms exist yet, so it says so. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isUserId(params.to_user_id)) notFound();
  return serverClient(context)
    .call(getAuthorLive, { to_user_id: params.to_user_id })
    .catch(rethrowNotFound);
}

export default function AuthorTabLive({ loaderData }: Route.ComponentProps) {
  return loaderData.list.length === 0 ? <p className={styles.empty}>{t.noLive}</p> : null;
}
