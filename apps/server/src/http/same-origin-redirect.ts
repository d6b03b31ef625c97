import type { FastifyRequest } from 'fastify';
import { sameOriginPath } from '@melon/shared/same-origin-path';
import { invalid } from '../lib/domain-error.ts';

/** Said when the Host header (or a trusted proxy's X-Forwarded-Proto/Host) makes no origin. */
const BAD_ORIGIN = '请求的站点地址不合法';

/**
 * This site's origin as the browser sees it, e.g. `https://melon.example` (proxy-aware). Headers
 * that make no http(s) origin (a scheme like `br`, a host with a space or a port out of range)
 * are refused with a 400, never a failure of `new URL`.
 */
export function requestOrigin(request: FastifyRequest): string {
  const url = URL.parse(`${request.protocol}://${request.host}`);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw invalid(BAD_ORIGIN);
  }
  return url.origin;
}

/**
 * Where to send the browser back to: `service` as a path of this site, or `/` when it leads
 * anywhere else. The rule is the web app's too (`@melon/shared/same-origin-path`).
 */
export const sameOriginRedirect = (request: FastifyRequest, service: string | undefined): string =>
  sameOriginPath(service, requestOrigin(request));
