import type { VideoDetails } from '@melon/shared/contracts/video';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { ReportButton } from '~/features/report/components/ReportButton.tsx';

/** The video page's 举报 entry: the report dialog for the video, behind the login guard. */
export function VideoReportButton({ details }: { details: VideoDetails }) {
  const { account, requireLogin } = useLogin();
  return (
    <ReportButton
      target={{ kind: 'video', id: details.item_id }}
      ownerId={details.user_info.user_id}
      viewerId={account?.user_id ?? null}
      guard={requireLogin}
    />
  );
}
