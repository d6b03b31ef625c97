import { Outlet } from 'react-router';
import { getAuthorRichInfo } from '@melon/shared/calls/author.calls';
import { isUserId } from '@melon/shared/ids/id-rules';
import { AuthorHeader } from '~/features/author/components/AuthorHeader.tsx';
import { AuthorTabs } from '~/features/author/components/AuthorTabs.tsx';
import styles from '~/features/author/components/AuthorPage.module.css';
import { toUserDetail } from '~/features/author/author-state.ts';
import { FollowButton } from '~/features/follow/components/FollowButton.tsx';
import { useFollow } from '~/features/follow/hooks/use-follow.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import type { Route } from './+types/author-home';
import { useFollowDeps } from './follow.view.tsx';

/*
 * The author page (SPEC §2 /home/:to_user_id/:tab?/:details_id?/): the SPEC §3 user detail
 * here, each tab a nested route with its own loader (decision 043).
 */

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isUserId(params.to_user_id)) notFound();
  const info = await serverClient(context)
    .call(getAuthorRichInfo, { to_user_id: params.to_user_id })
    .catch(rethrowNotFound);
  return { userDetail: toUserDetail(info) };
}

export const meta: Route.MetaFunction = (args) => {
  const { name, description, avatar } = args.loaderData.userDetail.userInfo;
  return pageMeta(args, {
    title: name,
    description,
    ...(avatar ? { image: avatar } : {}),
    type: 'profile',
  });
};

export default function AuthorHome({ loaderData }: Route.ComponentProps) {
  const { userInfo, enableTabs } = loaderData.userDetail;
  const follow = useFollow(
    userInfo.user_id,
    { following: userInfo.follow, fans: userInfo.followersCount },
    useFollowDeps(),
  );
  return (
    <div className={styles.page} data-view={userInfo.isSelf ? 'profile' : 'pgc'}>
      <AuthorHeader
        user={userInfo}
        fans={follow.fans}
        action={<FollowButton control={follow} name={userInfo.name} />}
      />
      <AuthorTabs userId={userInfo.user_id} tabs={enableTabs} />
      <Outlet />
    </div>
  );
}
