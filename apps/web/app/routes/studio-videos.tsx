import { getStudioVideos } from '@melon/shared/calls/studio.calls';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { StudioFrame } from '~/features/studio/components/StudioFrame.tsx';
import { StudioVideoList } from '~/features/studio/components/StudioVideoList.tsx';
import { studioMessages } from '~/features/studio/messages.ts';
import { studioVideoMessages as t } from '~/features/studio/video-messages.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { signedOut } from '~/lib/signed-out.ts';
import type { Route } from './+types/studio-videos';

/** /user-center/creator/videos: 我的视频 (decision 045). */
export async function loader({ context }: Route.LoaderArgs) {
  return { first: await serverClient(context).call(getStudioVideos, {}).catch(signedOut) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: studioMessages.sections.videos, noindex: true });

export default function StudioVideosRoute({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  if (!loaderData.first) return <SignedOutPrompt source="user_center" title={t.signedOut} />;
  return (
    <StudioFrame section="videos">
      <StudioVideoList first={loaderData.first} notify={toast.show} />
    </StudioFrame>
  );
}
