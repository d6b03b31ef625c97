import { useEffect, useState, type ReactNode } from 'react';
import type { FeedCell } from '@melon/shared/contracts/feed';
import type { VideoAuthor } from '@melon/shared/contracts/video';
import { isUserId } from '@melon/shared/ids/id-rules';
import { FollowButton } from '~/features/follow/components/FollowButton.tsx';
import { FollowChip } from '~/features/follow/components/FollowChip.tsx';
import type { FollowDeps } from '~/features/follow/follow-deps.ts';
import { createFollowStore } from '~/features/follow/follow-store.ts';
import { useFollow } from '~/features/follow/hooks/use-follow.ts';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { AuthorCard } from '~/features/video-page/components/AuthorCard.tsx';

/** What following needs from the page: the login guard, the toast and the signed-in viewer. */
export function useFollowDeps(): FollowDeps {
  const { account, requireLogin } = useLogin();
  const toast = useToast();
  return { guard: requireLogin, notify: toast.show, viewerId: account?.user_id ?? null };
}

/** The video page's author card with the follow button; its followers count follows along. */
export function FollowableAuthorCard({ author }: { author: VideoAuthor }) {
  const follow = useFollow(
    author.user_id,
    { following: author.follow, fans: author.followers_count },
    useFollowDeps(),
  );
  return (
    <AuthorCard
      author={author}
      fans={follow.fans}
      action={<FollowButton control={follow} name={author.name} />}
    />
  );
}

/**
 * The follow buttons of a page of cards, one store for all, kept up with who is signed in:
 * give the answer to FeedView's `authorAction`.
 */
export function useCardFollow(): (cell: FeedCell) => ReactNode {
  const deps = useFollowDeps();
  const [store] = useState(() => createFollowStore(deps));
  useEffect(() => {
    store.update(deps);
  });
  return (cell) =>
    isUserId(cell.userInfo.user_id) ? (
      <FollowChip store={store} userId={cell.userInfo.user_id} name={cell.userInfo.name} />
    ) : null;
}
