import { getMyTortReports, resolveTortItems } from '@melon/shared/calls/tort.calls';
import { isMixId } from '@melon/shared/ids/id-rules';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { TortPage } from '~/features/tort/components/TortPage.tsx';
import { tortMessages as t } from '~/features/tort/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { signedOut } from '~/lib/signed-out.ts';
import type { Route } from './+types/tort';

/**
 * /tort 侵权投诉 (SPEC §2, decision 055): signed in, the claimant's claims and the form, with
 * the video of `?group_id=` (tort_report_url, the report dialog) already in the links box.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const client = serverClient(context);
  const mine = await client.call(getMyTortReports).catch(signedOut);
  // A visitor: the page asks them to sign in.
  if (!mine) return { claims: null, initialLinks: null };
  const groupId = url.searchParams.get('group_id');
  const initialLinks =
    groupId !== null && isMixId(groupId)
      ? { links: groupId, ...(await client.call(resolveTortItems, { links: groupId })) }
      : null;
  return { claims: mine.list, initialLinks };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: t.title, noindex: true });

export default function Tort({ loaderData }: Route.ComponentProps) {
  const { claims, initialLinks } = loaderData;
  if (!claims) return <SignedOutPrompt source="other" title={t.signedOut} />;
  return <TortPage claims={claims} initialLinks={initialLinks} />;
}
