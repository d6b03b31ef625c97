import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { OauthPlatform } from '@melon/shared/contracts/passport';
import type { PendingConflict, PendingVerification } from './oauth.service.ts';
import { createCookieSealer, type CookieSealer } from './sealed-cookie.ts';

/** A sign-in in progress at a provider: what the callback must check and where to go after. */
export interface OauthFlow {
  platform: OauthPlatform;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The redirect_uri sent to the provider; the code exchange must repeat it exactly. */
  redirectUri: string;
  /** A path of this site. */
  service: string;
}

/** Where a provider sends the browser back: this path followed by the platform. */
export const CALLBACK_PATH = '/passport/auth/callback/';

export const FLOW_COOKIE = 'melon_oauth';
/** Sent only to the callback. */
export const FLOW_COOKIE_PATH = CALLBACK_PATH;
/** Time to get through the provider's login pages. */
export const FLOW_TTL_MS = 10 * 60_000;

export const CONFLICT_COOKIE = 'melon_bind_conflict';
/** Site-wide, so the bind-conflict page's server rendering can read it too. */
export const CONFLICT_COOKIE_PATH = '/';
/** Time to choose on the bind-conflict page. */
export const CONFLICT_TTL_MS = 10 * 60_000;

export const VERIFY_COOKIE = 'melon_bind_verify';
/** Site-wide, so the verification page's server rendering can read it too. */
export const VERIFY_COOKIE_PATH = '/';
/** Time to get and type the SMS code. */
export const VERIFY_TTL_MS = 10 * 60_000;

export const sealedCookieOptions = (
  request: FastifyRequest,
  path: string,
  ttlMs: number,
): CookieSerializeOptions => ({
  path,
  httpOnly: true,
  // Lax: the provider sends the browser back with a top-level GET, which carries it.
  sameSite: 'lax',
  secure: request.protocol === 'https',
  maxAge: ttlMs / 1000,
});

export const flowSealer = (secret: Buffer): CookieSealer<OauthFlow> =>
  createCookieSealer(secret, 'oauth-flow');

export const conflictSealer = (secret: Buffer): CookieSealer<PendingConflict> =>
  createCookieSealer(secret, 'oauth-bind-conflict');

export const verificationSealer = (secret: Buffer): CookieSealer<PendingVerification> =>
  createCookieSealer(secret, 'oauth-bind-verify');
