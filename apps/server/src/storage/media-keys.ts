import { randomBytes } from 'node:crypto';
import { COMMENT_IMAGE_DIR } from '@melon/shared/contracts/comment-image';

/*
 * Where things are in media storage (decision 068): which top directories are public, where a
 * video's folders live. Both engines and every module read the layout from here.
 */

/**
 * The top directory of media storage holding private files (video packages, a claim's proof
 * pictures, feedback screenshots): the public media routes never serve under it, nor may a CDN;
 * each file has a route of its own that checks who asks.
 */
export const PRIVATE_DIR = 'private';

/** A video's derived files (covers, preview, storyboard) live below `v/<item_id>/` in the media root. */
export const VIDEO_DIR = 'v';
/** Users' avatars, in the media root. */
export const AVATAR_DIR = 'avatars';
/** The demo's generated covers, in the media root. */
export const DEMO_COVER_DIR = 'covers';

/**
 * The top directories whose files anyone may fetch by name (decision 068), besides a ready video's
 * derived directory: every other key (packages, sources, uploads, private files) is 404 on the
 * public routes and kept off a CDN.
 */
export const PUBLIC_FILE_DIRS: ReadonlySet<string> = new Set([
  AVATAR_DIR,
  DEMO_COVER_DIR,
  COMMENT_IMAGE_DIR,
]);

/**
 * Where a video's packages (the full one and the preview) live: under the private top directory,
 * which no public route and no CDN serves; Melon reads them only for a signed URL (decision 068).
 */
export const videoPackageRoot = (itemId: string): string => `${PRIVATE_DIR}/${VIDEO_DIR}/${itemId}`;

/**
 * A new directory for a video's full package or its preview: a name of 128 random bits, drawn
 * apart from the derived directory's, so no public URL (a cover's) tells where a package is.
 */
export const newVideoPackageDir = (itemId: string, kind: 'package' | 'trial'): string =>
  `${videoPackageRoot(itemId)}/${kind}-${randomBytes(16).toString('hex')}`;

const DIR_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * The storage key of a video's directory (package or derived) as stored in item_media: relative
 * to the media root, below `v/<item_id>/` or `private/v/<item_id>/`; a bare `<name>` is read as
 * `v/<item_id>/<name>`. Null when the stored value points anywhere else.
 */
export function videoDirKey(itemId: string, stored: string | null): string | null {
  if (!stored) return null;
  const plain = `${VIDEO_DIR}/${itemId}/`;
  const prefix =
    [plain, `${videoPackageRoot(itemId)}/`].find((candidate) => stored.startsWith(candidate)) ??
    plain;
  const name = stored.startsWith(prefix) ? stored.slice(prefix.length) : stored;
  return DIR_NAME.test(name) && name !== '.' && name !== '..' ? `${prefix}${name}` : null;
}

/** The name of a video's directory (what its URLs carry), or null as for `videoDirKey`. */
export function videoDirName(itemId: string, stored: string | null): string | null {
  const key = videoDirKey(itemId, stored);
  return key === null ? null : key.slice(key.lastIndexOf('/') + 1);
}
