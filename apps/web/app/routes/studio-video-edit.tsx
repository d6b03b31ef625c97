import { Link, useRevalidator } from 'react-router';
import { getChannelList } from '@melon/shared/calls/channel.calls';
import { getStudioVideo } from '@melon/shared/calls/studio.calls';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { publishableChannels } from '~/features/publish/publishable-channels.ts';
import { StudioFrame } from '~/features/studio/components/StudioFrame.tsx';
import styles from '~/features/studio/components/StudioVideos.module.css';
import { VideoEditForm } from '~/features/studio/components/VideoEditForm.tsx';
import { ownVideoOrNotFound } from '~/features/studio/studio-loaders.server.ts';
import { studioPath } from '~/features/studio/studio-sections.ts';
import { studioVideoMessages as t } from '~/features/studio/video-messages.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound } from '~/lib/not-found.ts';
import { isMixId } from '@melon/shared/ids/id-rules';
import type { Route } from './+types/studio-video-edit';

/** /user-center/creator/videos/:itemId: 编辑视频 (decision 045). */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isMixId(params.itemId)) notFound();
  const client = serverClient(context);
  const [detail, channels] = await Promise.all([
    client.call(getStudioVideo, { item_id: params.itemId }).catch(ownVideoOrNotFound),
    client.call(getChannelList),
  ]);
  return { detail, channels: publishableChannels(channels.list) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.editHeading, noindex: true });

export default function StudioVideoEditRoute({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const { detail, channels } = loaderData;
  if (!detail) return <SignedOutPrompt source="user_center" title={t.signedOut} />;
  return (
    <StudioFrame section="videos" heading={t.editHeading}>
      <Link to={studioPath('videos')} className={styles.back}>
        {t.back}
      </Link>
      <VideoEditForm
        key={detail.video.item_id}
        detail={detail}
        channels={channels}
        notify={toast.show}
        onSaved={() => void revalidator.revalidate()}
      />
    </StudioFrame>
  );
}
