import type { FastifyInstance } from 'fastify';
import {
  addPlaylistItem,
  createPlaylist,
  getMyPlaylists,
  getUserPlaylists,
  removePlaylistItem,
} from '@melon/shared/calls/playlist.calls';
import { route } from '../../plugins/app/call-route.ts';
import { createPlaylistService } from './playlist.service.ts';

/** Playlists (decision 044): a user's lists, and the owner's changes to them. */
export default function playlistRoutes(app: FastifyInstance): void {
  const service = createPlaylistService({ db: app.db, newId: app.newId });

  route(app, getUserPlaylists, ({ user_id, playlist_id }, { user }) =>
    service.ofUser(user_id, user?.id ?? null, playlist_id),
  );

  route(app, getMyPlaylists, ({ group_id }, { user }) => service.mine(user.id, group_id));

  route(app, createPlaylist, (body, { user }) => service.create(user.id, body));

  route(app, addPlaylistItem, ({ playlist_id, group_id }, { user }) =>
    service.add(user.id, playlist_id, group_id),
  );

  route(app, removePlaylistItem, ({ playlist_id, group_id }, { user }) =>
    service.remove(user.id, playlist_id, group_id),
  );
}
