import {
  CreatePlaylistBody,
  MyPlaylists,
  MyPlaylistsQuery,
  PlaylistItemBody,
  PlaylistQuery,
  PlaylistState,
  UserPlaylists,
} from '../contracts/playlist.ts';
import { defineCall } from './call.ts';

/*
 * Playlists (decision 044). The list is SPEC §7 User `playlist`; the writes are Melon's own,
 * signed in, and a 401 opens the login prompt (as a favourite's does, SPEC §6).
 */

export const getUserPlaylists = defineCall({
  method: 'GET',
  path: '/api/userv2/playlist',
  tag: 'playlist',
  summary: '用户公开的播放列表（本人可见全部）；带 playlist_id 时含该列表的视频',
  query: PlaylistQuery,
  response: UserPlaylists,
});

export const getMyPlaylists = defineCall({
  method: 'GET',
  path: '/api/userv2/playlist/mine',
  tag: 'playlist',
  summary: '我的播放列表，标出含有 group_id 的',
  query: MyPlaylistsQuery,
  response: MyPlaylists,
  signIn: 'required',
  onUnauthorized: { prompt: 'favorite' },
});

const write = {
  method: 'POST',
  tag: 'playlist',
  signIn: 'required',
  onUnauthorized: { prompt: 'favorite' },
  rateLimit: 'reaction',
} as const;

export const createPlaylist = defineCall({
  ...write,
  path: '/api/userv2/playlist/create',
  summary: '新建播放列表（可同时放入一个视频）',
  body: CreatePlaylistBody,
  response: PlaylistState,
});

export const addPlaylistItem = defineCall({
  ...write,
  path: '/api/userv2/playlist/add_item',
  summary: '把视频加入自己的播放列表末尾；已在其中的不重复',
  body: PlaylistItemBody,
  response: PlaylistState,
});

export const removePlaylistItem = defineCall({
  ...write,
  path: '/api/userv2/playlist/remove_item',
  summary: '把视频移出自己的播放列表',
  body: PlaylistItemBody,
  response: PlaylistState,
});
