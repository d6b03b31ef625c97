import type { FastifyRequest } from 'fastify';
import { sameOriginPath } from '@melon/shared/same-origin-path';

/** This site's origin as the browser sees it, e.g. `https://melon.example` (proxy-aware). */
export const requestOrigin = (request: FastifyRequest): string =>
  new URL(`${request.protocol}://${request.host}`).origin;

/**
 * Where to send the browser back to: `service` as a path of this site, or `/` when it leads
 * anywhere else. The rule is the web app's too (`@melon/shared/same-origin-path`).
 */
export const sameOriginRedirect = (request: FastifyRequest, service: string | undefined): string =>
  sameOriginPath(service, requestOrigin(request));
