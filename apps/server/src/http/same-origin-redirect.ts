import type { FastifyRequest } from 'fastify';

/** This site's origin as the browser sees it, e.g. `https://melon.example` (proxy-aware). */
export const requestOrigin = (request: FastifyRequest): string =>
  new URL(`${request.protocol}://${request.host}`).origin;

/**
 * Where to send the browser back to: `service` when it is a path of this site or an address on
 * this site's own origin, as a path; anything else falls back to `/` (no open redirect).
 * Parsing against the origin catches `//evil`, `/\evil`, tabs and the like, which browsers
 * would read as another host.
 */
export function sameOriginPath(service: string | undefined, origin: string): string {
  if (!service) return '/';
  let url: URL;
  try {
    url = new URL(service, origin);
  } catch {
    return '/';
  }
  // `https://site//evil/` has a path a browser would read as the host `evil`.
  if (url.origin !== origin || url.pathname.startsWith('//')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
