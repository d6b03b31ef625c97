import Type, { type Static } from 'typebox';
import { SINGLE_LINE_TEXT_PATTERN } from '../display-text.ts';
import { UserIdString, VideoListItem } from './author.ts';
import { MixIdString } from './video.ts';

/*
 * Playlists (decision 044): a user's own ordered lists of any videos. `/api/userv2/playlist`
 * (SPEC §7 User) reads them; the writes are Melon's own calls beside it. Declared in
 * calls/playlist.calls.ts.
 */

export const PLAYLIST_TITLE_MAX_LENGTH = 40;
export const PLAYLIST_DESCRIPTION_MAX_LENGTH = 200;
/** Most videos one playlist holds, and most playlists one user makes. */
export const PLAYLIST_MAX_ITEMS = 500;
export const PLAYLIST_MAX_PER_USER = 100;

/** One playlist as its owner's lists show it. */
export const PlaylistSummary = Type.Object({
  playlist_id: Type.String(),
  user_id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  is_public: Type.Boolean(),
  /** The videos in it the viewer may see. */
  item_count: Type.Integer(),
  /** The first visible video's cover, '' when none. */
  cover_url: Type.String(),
  /** 10-digit seconds. */
  update_time: Type.Integer(),
});
export type PlaylistSummary = Static<typeof PlaylistSummary>;

/** /api/userv2/playlist: a user's public playlists (all of them for their owner). */
export const PlaylistQuery = Type.Object({
  user_id: UserIdString,
  /** One playlist's videos rather than the lists. */
  playlist_id: Type.Optional(MixIdString),
});
export const UserPlaylists = Type.Object({
  user_info: Type.Object({
    user_id: Type.String(),
    name: Type.String(),
    avatar_url: Type.String(),
  }),
  list: Type.Array(PlaylistSummary),
  /** The videos of `playlist_id` in order, when asked for; else empty. */
  items: Type.Array(VideoListItem),
});
export type UserPlaylists = Static<typeof UserPlaylists>;

/** The signed-in viewer's playlists, each marked when it holds `group_id`. */
export const MyPlaylistsQuery = Type.Object({ group_id: Type.Optional(MixIdString) });
export const MyPlaylists = Type.Object({
  list: Type.Array(Type.Object({ ...PlaylistSummary.properties, contains: Type.Boolean() })),
});
export type MyPlaylists = Static<typeof MyPlaylists>;

export const CreatePlaylistBody = Type.Object({
  title: Type.String({
    minLength: 1,
    maxLength: PLAYLIST_TITLE_MAX_LENGTH,
    pattern: SINGLE_LINE_TEXT_PATTERN,
  }),
  description: Type.Optional(Type.String({ maxLength: PLAYLIST_DESCRIPTION_MAX_LENGTH })),
  is_public: Type.Optional(Type.Boolean()),
  /** A first video to put in it. */
  group_id: Type.Optional(MixIdString),
});
export type CreatePlaylistBody = Static<typeof CreatePlaylistBody>;

export const PlaylistItemBody = Type.Object({ playlist_id: MixIdString, group_id: MixIdString });
export type PlaylistItemBody = Static<typeof PlaylistItemBody>;

/** After a change: the playlist as it is now. */
export const PlaylistState = Type.Object({ playlist: PlaylistSummary, contains: Type.Boolean() });
export type PlaylistState = Static<typeof PlaylistState>;
