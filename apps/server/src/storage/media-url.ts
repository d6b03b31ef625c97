import { VIDEO_DIR } from './media-keys.ts';

/**
 * Where the operator finds a private file: its key in media storage (under the data dir's media/
 * on disk, or in the bucket); it has no public address.
 */
export const privateMediaLocation = (key: string): string => `media storage ${key} (private)`;

/** Where media files (covers, avatars, previews, storyboards) are served from. */
export const MEDIA_PREFIX = '/media/';
/** The URL of an optional media file (an avatar, a cover): '' when there is none. */
export const mediaUrlOrEmpty = (uri: string | null | undefined): string =>
  uri ? mediaUrl(uri) : '';

/** The URL of an item's cover: its large picture, else its middle one; '' when it has neither. */
export const coverUrl = (item: { cover_large_uri: string; cover_middle_uri: string }): string =>
  mediaUrlOrEmpty(item.cover_large_uri || item.cover_middle_uri);

/**
 * The URL of the cover a card shows: the middle picture (640×360, a quarter of the large one's
 * bytes, sharp at a card's width on a 2× screen), else the large one; '' when it has neither.
 */
export const thumbUrl = (item: { cover_large_uri: string; cover_middle_uri: string }): string =>
  mediaUrlOrEmpty(item.cover_middle_uri || item.cover_large_uri);

/** The backup origin: the same files under a second prefix (SPEC §3 `backup_url_1`). */
export const MEDIA_BACKUP_PREFIX = '/media-backup/';
/** Under either prefix, signed package files live below `s/<expires>/<sig>/v/<item>/<package>/`. */
export const SIGNED_SEGMENT = 's';
/** Members-only package files live below `m/<expires>/<user_id>/<sig>/v/<item>/<package>/`. */
export const MEMBER_SEGMENT = 'm';
/** The public URL of a stored media file, from its uri relative to the media dir. */
export const mediaUrl = (uri: string): string => `${MEDIA_PREFIX}${uri}`;

/** The same file on the backup origin. */
export const backupMediaUrl = (uri: string): string => `${MEDIA_BACKUP_PREFIX}${uri}`;

/** The uri (relative to the media root) of a file in one of a video's directories. */
export const videoFileUri = (itemId: string, dirName: string, file: string): string =>
  `${VIDEO_DIR}/${itemId}/${dirName}/${file}`;

/** Main and backup URLs of a file of a signed package directory. */
export function signedPackageUrl(
  token: { expires: number; sig: string },
  itemId: string,
  packageName: string,
  file: string,
): { main: string; backup: string } {
  const rest = `${SIGNED_SEGMENT}/${token.expires}/${token.sig}/${videoFileUri(itemId, packageName, file)}`;
  return { main: mediaUrl(rest), backup: backupMediaUrl(rest) };
}

/** Main and backup URLs of a file of a members-only package directory, bound to one user. */
export function memberPackageUrl(
  token: { expires: number; sig: string; userId: string },
  itemId: string,
  packageName: string,
  file: string,
): { main: string; backup: string } {
  const rest = `${MEMBER_SEGMENT}/${token.expires}/${token.userId}/${token.sig}/${videoFileUri(itemId, packageName, file)}`;
  return { main: mediaUrl(rest), backup: backupMediaUrl(rest) };
}
