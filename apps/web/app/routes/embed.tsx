import { isRouteErrorResponse } from 'react-router';
import { getMixInformation } from '@melon/shared/calls/video.calls';
import { isMixId } from '@melon/shared/ids/id-rules';
import { embedOptionsOf } from '~/features/embed/embed-options.ts';
import { embedMessages as t } from '~/features/embed/messages.ts';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import type { Route } from './+types/embed';
import { EmbedNoticeView, EmbedPlayerView } from './embed.view.tsx';

export const handle: LayoutHandle = {
  layout: { header: 'hidden', sideMenu: 'hidden', fixedButton: false, toPlayBasket: false },
};

/**
 * /iframe/:mixId (decision 057): what the video page plays, through the same call and so the
 * same item policy and members-only preview; a gone or hidden video is a 404 in the frame.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  if (!isMixId(params.mixId)) notFound();
  const info = await serverClient(context)
    .call(getMixInformation, { mixId: params.mixId })
    .catch(rethrowNotFound);
  return { mixId: info.mix_id, details: info.details, options: embedOptionsOf(url.searchParams) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.details.title ?? t.missing,
    path: `/${args.params.mixId}`,
    noindex: true,
  });

export default function Embed({ loaderData }: Route.ComponentProps) {
  return (
    <EmbedPlayerView
      key={loaderData.details.item_id}
      mixId={loaderData.mixId}
      details={loaderData.details}
      options={loaderData.options}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EmbedNoticeView missing={isRouteErrorResponse(error) && error.status === 404} />;
}
