import type { VideoDetails } from '@melon/shared/contracts/video';
import { CommentArea } from '~/features/comment/components/CommentArea.tsx';
import type { RenderedCommentPage } from '~/features/comment/hooks/use-comment-list.ts';
import {
  CommentPlaybackContext,
  useCommentPlaybackState,
} from '~/features/comment/hooks/use-comment-playback.ts';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { ReportButton } from '~/features/report/components/ReportButton.tsx';
import { useToast } from '~/features/toast/hooks/use-toast.ts';

/**
 * The video page's comment area with what it needs from the page: the login guard, the toast,
 * the viewer, 举报 for each comment, and the player, which a comment's `02:15` plays from.
 * A new video starts it afresh.
 */
export function VideoComments({
  details,
  video,
  rendered,
}: {
  details: VideoDetails;
  video: HTMLVideoElement | null;
  /** The first hot page, rendered for a crawler. */
  rendered?: RenderedCommentPage | undefined;
}) {
  const { account, requireLogin } = useLogin();
  const toast = useToast();
  const viewerId = account?.user_id ?? null;
  const playback = useCommentPlaybackState(video, details.duration * 1000);
  return (
    <CommentPlaybackContext value={playback}>
      <CommentArea
        key={details.group_id}
        groupId={details.group_id}
        authorId={details.user_info.user_id}
        viewerId={viewerId}
        initialTotal={details.comment_count}
        rendered={rendered}
        guard={requireLogin}
        notify={toast.show}
        report={(comment) => (
          <ReportButton
            target={{ kind: 'comment', id: comment.id }}
            ownerId={comment.user.user_id}
            viewerId={viewerId}
            guard={requireLogin}
          />
        )}
      />
    </CommentPlaybackContext>
  );
}
