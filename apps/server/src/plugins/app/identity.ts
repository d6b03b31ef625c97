import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, WEB_ID_COOKIE } from '@melon/shared/api/constants';
import { isMixId } from '@melon/shared/ids/id-rules';
import { csrfFailure } from '../../http/api-error.ts';
import { siteCookieName, siteCookieOptions } from '../../http/site-cookies.ts';
import { isValidCsrfToken } from '../../security/csrf-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The anonymous identity of the browser (the web_id cookie, `__Host-web_id` on an https
     * site), issued on first visit.
     */
    webId: string;
    /** True when this request arrived without a web_id and one was issued now. */
    webIdIsNew: boolean;
  }
  interface FastifyContextConfig {
    /**
     * 'required': a GET that writes checks the anti-forgery header as a POST does; 'exempt': a
     * provider's server-to-server callback (a payment notify), which carries its own signature.
     */
    csrf?: 'required' | 'exempt';
  }
}

const ONE_YEAR_S = 365 * 24 * 3600;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Issues the web_id cookie and enforces the anti-forgery header on every state-changing call
 * before its body is even read, so a refused request changes nothing (SPEC §8).
 */
export default fp(
  (app: FastifyInstance, options: { secret: Buffer; newId: () => string }) => {
    const cookieName = siteCookieName(WEB_ID_COOKIE, app.siteOrigin);
    app.decorateRequest('webId', '');
    app.decorateRequest('webIdIsNew', false);
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[cookieName];
      if (cookie !== undefined && isMixId(cookie)) {
        request.webId = cookie;
      } else {
        request.webId = options.newId();
        request.webIdIsNew = true;
        reply.setCookie(cookieName, request.webId, {
          ...siteCookieOptions(app.siteOrigin, request),
          maxAge: ONE_YEAR_S,
        });
      }
      const { csrf } = request.routeOptions.config;
      if (csrf === 'exempt') return;
      if (SAFE_METHODS.has(request.method) && csrf !== 'required') return;
      const header = request.headers[CSRF_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      if (request.webIdIsNew || !isValidCsrfToken(options.secret, request.webId, token)) {
        throw csrfFailure();
      }
    });
  },
  { name: 'identity', dependencies: ['@fastify/cookie', 'site-origin'] },
);
