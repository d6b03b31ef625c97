import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transport } from '@melon/shared/client/transport';
import { WEB_ID_COOKIE } from '@melon/shared/api/constants';
import { siteCookieName } from '../../http/site-cookies.ts';
import { LENT_SESSION_HEADER } from '../session/session.plugin.ts';

type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/**
 * A transport that runs API calls of server-side rendering through the app itself, in-process:
 * the same validation, serialisation and errors as over HTTP, without a socket. The calls carry
 * the page request's cookies, and its web id even when that was issued by this very request,
 * and come from the page's client address (as the app resolved it through its trusted
 * proxies), so each visitor's calls count in that visitor's per-address limits, not in one
 * bucket shared by every page the process renders. With `lentSession` (the page's session lent
 * by `lendSession`), the calls are the page's signed-in user without reading the session
 * again: a signed-in page makes half a dozen calls (decision 054).
 */
export function inProcessTransport(
  app: FastifyInstance,
  page: FastifyRequest,
  lentSession?: string,
): Transport {
  const webIdCookie = siteCookieName(WEB_ID_COOKIE, app.siteOrigin);
  const cookies = [`${webIdCookie}=${page.webId}`];
  for (const [name, value] of Object.entries(page.cookies)) {
    if (name !== webIdCookie && value !== undefined) cookies.push(`${name}=${value}`);
  }
  const cookie = cookies.join('; ');
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    headers.cookie = cookie;
    if (lentSession) headers[LENT_SESSION_HEADER] = lentSession;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as InjectMethod,
      url: url.pathname + url.search,
      headers,
      remoteAddress: page.ip,
      ...(body ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        responseHeaders.append(name, String(item));
      }
    }
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}
