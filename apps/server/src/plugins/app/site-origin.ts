import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The site's origin, e.g. `https://melon.example` (decision 067): MELON_PUBLIC_URL, else the
     * server's own listen address. Every absolute address the site writes starts with it; no
     * request's Host or X-Forwarded-* header ever takes its place.
     */
    siteOrigin: string;
  }
}

/** Shares the site's origin with every module. */
export default fp(
  (app: FastifyInstance, options: { origin: string }) => {
    app.decorate('siteOrigin', new URL(options.origin).origin);
  },
  { name: 'site-origin' },
);
