import { Link } from 'react-router';
import { getStudioAnalytics, getStudioVideos } from '@melon/shared/calls/studio.calls';
import { isMixId } from '@melon/shared/ids/id-rules';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { AnalyticsCharts } from '~/features/studio/components/AnalyticsCharts.tsx';
import frame from '~/features/studio/components/Studio.module.css';
import styles from '~/features/studio/components/StudioVideos.module.css';
import { StudioFrame } from '~/features/studio/components/StudioFrame.tsx';
import { studioMessages } from '~/features/studio/messages.ts';
import { ownVideoOrNotFound } from '~/features/studio/studio-loaders.server.ts';
import { studioPath } from '~/features/studio/studio-sections.ts';
import { studioVideoMessages as t } from '~/features/studio/video-messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound } from '~/lib/not-found.ts';
import { signedOut } from '~/lib/signed-out.ts';
import type { Route } from './+types/studio-analytics';

/** /user-center/creator/analytics/:itemId?: 数据中心, the charts of one video (decision 045). */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (params.itemId !== undefined && !isMixId(params.itemId)) notFound();
  const client = serverClient(context);
  const [videos, analytics] = await Promise.all([
    client.call(getStudioVideos, {}).catch(signedOut),
    params.itemId === undefined
      ? null
      : client.call(getStudioAnalytics, { item_id: params.itemId }).catch(ownVideoOrNotFound),
  ]);
  return { videos, analytics };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: studioMessages.sections.analytics, noindex: true });

export default function StudioAnalyticsRoute({ loaderData }: Route.ComponentProps) {
  const { videos, analytics } = loaderData;
  if (!videos) return <SignedOutPrompt source="user_center" title={t.signedOut} />;
  return (
    <StudioFrame section="analytics" heading={analytics?.title}>
      <nav className={styles.picker} aria-label={t.analyticsPick}>
        {videos.list.map((video) => (
          <Link
            key={video.item_id}
            to={studioPath('analytics', video.item_id)}
            className={`${frame.button} ${styles.pick}`}
            aria-current={video.item_id === analytics?.item_id ? 'page' : undefined}
          >
            {video.title}
          </Link>
        ))}
      </nav>
      {analytics ? (
        <AnalyticsCharts key={analytics.item_id} analytics={analytics} />
      ) : (
        <p className={frame.note}>{videos.list.length === 0 ? t.empty : t.analyticsPick}</p>
      )}
    </StudioFrame>
  );
}
