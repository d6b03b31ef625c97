import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/**
 * A cookie the browser sends back only to this exact host, over HTTPS, for every path: no
 * sibling or parent domain can set or shadow it (RFC 6265bis §4.1.3.2).
 */
const HOST_PREFIX = '__Host-';

const isHttpsSite = (origin: string): boolean => origin.startsWith('https:');

/**
 * The name one of the cookies that say who a browser is (its session, its web_id) goes by on
 * this site (decision 067): `__Host-<name>` when the site's origin is https, `<name>` otherwise.
 * One name per site, so a browser never holds two of them.
 */
export const siteCookieName = (name: string, origin: string): string =>
  isHttpsSite(origin) ? `${HOST_PREFIX}${name}` : name;

/**
 * Path=/, no Domain, HttpOnly, SameSite=Lax; Secure on an https site (the prefix needs it), and
 * for a request that came over HTTPS (through a trusted proxy) on any other.
 */
export const siteCookieOptions = (
  origin: string,
  request: FastifyRequest,
): CookieSerializeOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: isHttpsSite(origin) || request.protocol === 'https',
});
