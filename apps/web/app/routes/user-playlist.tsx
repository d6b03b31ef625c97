import { useState } from 'react';
import { getUserPlaylists } from '@melon/shared/calls/playlist.calls';
import { isMixId, isUserId } from '@melon/shared/ids/id-rules';
import type { LayoutHandle } from '~/features/layout/layout-options.ts';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { PlaylistPage } from '~/features/playlist/components/PlaylistPage.tsx';
import { playlistMessages as t } from '~/features/playlist/messages.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { notFound, rethrowNotFound } from '~/lib/not-found.ts';
import type { Route } from './+types/user-playlist';
import { ListPlayer } from './list-player.view.tsx';

export const handle: LayoutHandle = { layout: { sideMenu: 'hidden' } };

/** /user_playlist/:userId (SPEC §2): the user's public playlists; ?playlist_id= opens one. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  if (!isUserId(params.userId)) notFound();
  const playlistId = url.searchParams.get('playlist_id');
  if (playlistId !== null && !isMixId(playlistId)) notFound();
  const data = await serverClient(context)
    .call(getUserPlaylists, {
      user_id: params.userId,
      ...(playlistId ? { playlist_id: playlistId } : {}),
    })
    .catch(rethrowNotFound);
  return { data, openId: playlistId };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: t.title(args.loaderData.data.user_info.name) });

export default function UserPlaylist({ loaderData }: Route.ComponentProps) {
  const { data, openId } = loaderData;
  // Where the opened list is playing; another list starts from its first video.
  const [playing, setPlaying] = useState({ list: openId, index: 0 });
  const index = playing.list === openId ? playing.index : 0;
  const play = (at: number) => {
    setPlaying({ list: openId, index: at });
  };
  const ids = data.items.map((item) => item.id);
  return (
    <PlaylistPage
      data={data}
      openId={openId}
      playing={index}
      onPlay={play}
      player={
        <ListPlayer
          itemIds={ids}
          index={index}
          onIndexChange={play}
          posterOf={(id) => data.items.find((item) => item.id === id)?.videoImage ?? ''}
        />
      }
    />
  );
}
