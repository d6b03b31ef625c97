import type { AuthorListEntry } from '@melon/shared/contracts/follow';
import { toSeconds } from '@melon/shared/format/timestamp';
import { parseUserAuthInfo } from '../../lib/user-auth-info.ts';
import { type ListPosition, parsePositionCursor, positionCursor } from '../../lib/newest-first.ts';
import { mediaUrlOrEmpty } from '../../storage/media-url.ts';
import type { FollowEdgeRow } from './follow.repository.ts';

/** One row of a follow or fan list as the SPEC §3 author list entry. */
export function presentAuthorEntry(row: FollowEdgeRow, viewerFollows: boolean): AuthorListEntry {
  return {
    user_id: row.id,
    media_id: row.id,
    name: row.name,
    follow: viewerFollows,
    introduce: row.description,
    avatar: mediaUrlOrEmpty(row.avatar_url),
    fansNum: row.followers_count,
    followNum: row.following_count,
    behotTime: toSeconds(row.followed_at),
    user_auth_info: parseUserAuthInfo(row.user_auth_info),
    videoCount: row.video_count,
    web_url: `/home/${row.id}`,
    app_url: '',
  };
}

/** The cursor after a row: its follow time in ms and its user id. */
export const cursorAfter = (row: FollowEdgeRow): string =>
  positionCursor({ time: row.followed_at, id: row.id }, '_');

/** A cursor the client sent back (its shape is checked by the call's schema). */
export const parseCursor = (cursor: string | undefined): ListPosition | undefined =>
  cursor === undefined ? undefined : parsePositionCursor(cursor, '_');
