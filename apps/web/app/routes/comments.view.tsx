import type { VideoDetails } from '@melon/shared/contracts/video';
import { CommentArea } from '~/features/comment/components/CommentArea.tsx';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { ReportButton } from '~/features/report/components/ReportButton.tsx';
import { useToast } from '~/features/toast/hooks/use-toast.ts';

/**
 * The video page's comment area with what it needs from the page: the login guard, the toast,
 * the viewer, and 举报 for each comment. A new video starts it afresh.
 */
export function VideoComments({ details }: { details: VideoDetails }) {
  const { account, requireLogin } = useLogin();
  const toast = useToast();
  const viewerId = account?.user_id ?? null;
  return (
    <CommentArea
      key={details.group_id}
      groupId={details.group_id}
      authorId={details.user_info.user_id}
      viewerId={viewerId}
      initialTotal={details.comment_count}
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
  );
}
