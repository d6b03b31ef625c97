import { redirect } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@melon/shared/api/constants';
import { getChannelByPinyin } from '@melon/shared/calls/channel.calls';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { loadCinemaHome } from '~/features/cinema/cinema-home.server.ts';
import { CinemaHome } from '~/features/cinema/components/CinemaHome.tsx';
import { CINEMA_CHANNEL_ID } from '~/features/cinema/constants.ts';
import { cinemaMessages } from '~/features/cinema/messages.ts';
import { FeedView } from '~/features/feed/components/FeedView.tsx';
import { feedMessages } from '~/features/feed/messages.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import { CHANNEL_PINYIN, HOME_CHANNEL_ID, isSitePath } from '~/lib/paths.ts';
import type { Route } from './+types/channel';
import styles from './channel.module.css';
import { useCardFollow } from './follow.view.tsx';
import { useAlbumActions, useCardActions } from './card-actions.view.tsx';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!CHANNEL_PINYIN.test(params.name)) notFound();
  const client = serverClient(context);
  const channel = await client
    .call(getChannelByPinyin, { pinyin: params.name })
    .catch(rethrowNotFound);
  // The home channel lives at /, and a menu entry with its own url is a link, not a feed.
  if (channel.channelId === HOME_CHANNEL_ID) return redirect('/');
  if (channel.url && isSitePath(channel.url)) return redirect(channel.url);
  // The 影视 channel is the cinema home (decision 053).
  if (channel.channelId === CINEMA_CHANNEL_ID) {
    return { kind: 'cinema' as const, channel, cinema: await loadCinemaHome(client) };
  }
  const page = await client.call(getFeedById, {
    channelId: channel.channelId,
    offset: 0,
    count: DEFAULT_PAGE_SIZE,
  });
  return { kind: 'feed' as const, channel, page, nowMs: Date.now() };
}

export const meta: Route.MetaFunction = (args) => {
  const { name } = args.loaderData.channel;
  const description =
    args.loaderData.kind === 'cinema'
      ? cinemaMessages.homeDescription
      : feedMessages.channelDescription(name);
  return pageMeta(args, { title: name, description });
};

export default function ChannelPage({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  const authorAction = useCardFollow();
  const coverAction = useCardActions();
  const albumAction = useAlbumActions();
  if (loaderData.kind === 'cinema') {
    return (
      <CinemaHome
        data={loaderData.cinema}
        heading={loaderData.channel.name}
        albumAction={albumAction}
      />
    );
  }
  const { channel, page, nowMs } = loaderData;
  return (
    <>
      <h1 className={styles.heading}>{channel.name}</h1>
      <FeedView
        firstPage={page}
        nowMs={nowMs}
        onLoadError={toast.show}
        authorAction={authorAction}
        coverAction={coverAction}
      />
    </>
  );
}
