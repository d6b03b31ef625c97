import { createHmac, timingSafeEqual } from 'node:crypto';
import { hmacKey } from '../../security/hmac-key.ts';

/*
 * Signed media URLs (decision 007). A signature covers one packaged directory,
 * `/v/<item_id>/<package>/`, until an expiry in 10-digit seconds, and travels in the path:
 *
 *   /media/s/<expires>/<sig>/v/<item_id>/<package>/manifest.mpd
 *
 * so the manifests' relative segment URLs (`seg-0-00001.m4s`, `media_0.m3u8`) resolve to the
 * same token and stay valid in both Shaka's DASH and HLS parsers, without rewriting manifests.
 * The backup origin serves the same paths under its own prefix with the same token.
 */

/** How long the URLs of one video resource stay valid. */
export const MEDIA_URL_TTL_S = 3 * 3600;
/** How long a refresh token can buy fresh URLs: a tab left open for a week still plays. */
export const REFRESH_TOKEN_TTL_S = 7 * 24 * 3600;

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES = /^[1-9][0-9]{9}$/;

/** The directory a signature covers. */
export const signedDir = (itemId: string, packageName: string): string =>
  `/v/${itemId}/${packageName}/`;

function hmac(secret: Buffer, purpose: string, message: string): string {
  return createHmac('sha256', hmacKey(secret)).update(`${purpose}\n${message}`).digest('base64url');
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The signature of a directory until `expires` (10-digit seconds). */
export function signMediaDir(secret: Buffer, dir: string, expires: number): string {
  return hmac(secret, 'media-url', `${dir}\n${expires}`);
}

export type MediaTokenCheck = 'valid' | 'expired' | 'bad-signature';

/** Checks a path token against the directory it claims and the clock (seconds). */
export function checkMediaToken(
  secret: Buffer,
  token: { dir: string; expires: string; sig: string },
  nowS: number,
): MediaTokenCheck {
  if (!EXPIRES.test(token.expires) || !SIGNATURE.test(token.sig)) return 'bad-signature';
  const expires = Number(token.expires);
  if (!equalText(signMediaDir(secret, token.dir, expires), token.sig)) return 'bad-signature';
  return expires > nowS ? 'valid' : 'expired';
}

/*
 * Members-only packages (decision 050): the full package of a VIP or paid episode is served only
 * under `/media/m/<expires>/<user_id>/<sig>/v/<item_id>/<package>/…`, where the signature also
 * covers the user the URLs were issued to, and they live minutes, not hours: the media route
 * re-checks the request's session and the viewer's right on every request.
 */

/** How long the URLs of a members-only package stay valid (renewed by the refresh token). */
export const MEMBER_URL_TTL_S = 10 * 60;

/** The signature of a members-only directory, for one user, until `expires`. */
export function signMemberMediaDir(
  secret: Buffer,
  dir: string,
  expires: number,
  userId: string,
): string {
  return hmac(secret, 'member-media-url', `${dir}\n${expires}\n${userId}`);
}

/** Checks a members-only path token against its directory, its user and the clock (seconds). */
export function checkMemberMediaToken(
  secret: Buffer,
  token: { dir: string; expires: string; userId: string; sig: string },
  nowS: number,
): MediaTokenCheck {
  if (!EXPIRES.test(token.expires) || !SIGNATURE.test(token.sig)) return 'bad-signature';
  if (!/^[1-9][0-9]{15,25}$/.test(token.userId)) return 'bad-signature';
  const expires = Number(token.expires);
  const expected = signMemberMediaDir(secret, token.dir, expires, token.userId);
  if (!equalText(expected, token.sig)) return 'bad-signature';
  return expires > nowS ? 'valid' : 'expired';
}

/** A refresh token: `<item_id>.<expires>.<sig>`, for getVideoResourceByRefreshToken. */
export function makeRefreshToken(secret: Buffer, itemId: string, expires: number): string {
  return `${itemId}.${expires}.${hmac(secret, 'video-refresh', `${itemId}\n${expires}`)}`;
}

export type RefreshTokenCheck =
  { state: 'valid'; itemId: string } | { state: 'expired' } | { state: 'bad' };

export function checkRefreshToken(secret: Buffer, token: string, nowS: number): RefreshTokenCheck {
  const match = /^([1-9][0-9]{15,25})\.([1-9][0-9]{9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { state: 'bad' };
  const [, itemId = '', expiresText = '', sig = ''] = match;
  const expires = Number(expiresText);
  const expected = hmac(secret, 'video-refresh', `${itemId}\n${expires}`);
  if (!equalText(expected, sig)) return { state: 'bad' };
  return expires > nowS ? { state: 'valid', itemId } : { state: 'expired' };
}
