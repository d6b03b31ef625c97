import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withoutCookies } from '../../http/without-cookies.ts';
import { lendSession } from '../session/session.plugin.ts';
import { inProcessTransport } from './in-process-transport.ts';
import {
  isEmbeddable,
  newNonce,
  pageSecurityPolicy,
  PERSONAL_CACHE_CONTROL,
} from './page-security.ts';
import type { WebBuild } from './web-build.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The request as the web app sees it, on the site's origin (decision 067): the pages' canonical,
 * sign-in and share links never take a Host header's word.
 */
function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return new Request(new URL(request.url, origin), { method: request.method, headers });
}

/** Serves the web app: its hashed client assets, and every other GET rendered by React Router. */
export default async function ssrRoutes(app: FastifyInstance, options: { build: WebBuild }) {
  const gatewayHost = new URL(app.siteOrigin).host;
  await app.register(async (files) => {
    await files.register(fastifyStatic, {
      root: options.build.clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (decision 016).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite names files under assets/ by content hash: they never change.
        if (filePath.includes('/assets/')) res.header('cache-control', IMMUTABLE);
      },
    });
    files.addHook('onSend', withoutCookies);
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const nonce = newNonce();
    const response = await options.build.render(
      toWebRequest(request, app.siteOrigin),
      inProcessTransport(app, request, lendSession(request, reply)),
      { nonce },
    );
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') reply.header(name, value);
    }
    reply.header('cache-control', PERSONAL_CACHE_CONTROL);
    if (/^text\/html\b/.test(response.headers.get('content-type') ?? '')) {
      const path = request.url.split('?')[0] ?? '/';
      reply.header(
        'content-security-policy',
        pageSecurityPolicy({ nonce, host: gatewayHost, path }),
      );
      // frame-ancestors says who may frame the page; the older header would contradict it.
      if (isEmbeddable(path)) reply.removeHeader('x-frame-options');
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body));
  });
}
