import type { VideoDetails } from '@melon/shared/contracts/video';
import { ReactionBar } from '~/features/favorite/components/ReactionBar.tsx';
import { useVideoReactions } from '~/features/favorite/hooks/use-video-reactions.ts';
import type { ReactionDeps } from '~/features/favorite/reaction-deps.ts';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';

/** What likes and favourites need from the page: the login guard and the toast. */
export function useReactionDeps(): ReactionDeps {
  const { requireLogin } = useLogin();
  const toast = useToast();
  return { guard: requireLogin, notify: toast.show };
}

/** The video page's like and favourite buttons for its item. */
export function VideoReactions({ details }: { details: VideoDetails }) {
  const { like, favorite } = useVideoReactions(details, useReactionDeps());
  return <ReactionBar like={like} favorite={favorite} />;
}
