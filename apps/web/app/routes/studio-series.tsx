import { getStudioSeries } from '@melon/shared/calls/studio-series.calls';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { SignedOutPrompt } from '~/features/passport/components/SignedOutPrompt.tsx';
import { SeriesManager } from '~/features/studio-series/components/SeriesManager.tsx';
import { seriesMessages as t } from '~/features/studio-series/messages.ts';
import { StudioFrame } from '~/features/studio/components/StudioFrame.tsx';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { signedOut } from '~/lib/signed-out.ts';
import type { Route } from './+types/studio-series';

/** /user-center/creator/series: the author's 合集 and pseries (decision 046). */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await serverClient(context).call(getStudioSeries).catch(signedOut) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.heading, noindex: true });

export default function StudioSeriesRoute({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  if (!loaderData.page) return <SignedOutPrompt source="user_center" title={t.signedOut} />;
  return (
    <StudioFrame section="series">
      <SeriesManager page={loaderData.page} notify={toast.show} />
    </StudioFrame>
  );
}
