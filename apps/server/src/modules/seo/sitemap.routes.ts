import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/domain-error.ts';
import { robotsTxt } from './robots.ts';
import { seoMessages as t } from './seo.messages.ts';
import { createSitemapService, SITEMAP_PAGED_KINDS } from './sitemap.service.ts';

/** The sitemaps change with new videos; crawlers may keep them an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/** A numbered part's file name: `<n>.xml`, n from 1, no leading zero. */
const PART_FILE = /^([1-9][0-9]{0,8})\.xml$/;

export interface SitemapRoutesOptions {
  /** The site's public address (MELON_PUBLIC_URL); the request's own when left out. */
  publicUrl: string | undefined;
}

/**
 * robots.txt and the sitemap (decision 038): /sitemap.xml, the index, names
 * /sitemap-channels.xml, /sitemap-items-<n>.xml and /sitemap-authors-<n>.xml.
 */
export default function sitemapRoutes(app: FastifyInstance, options: SitemapRoutesOptions): void {
  const sitemap = createSitemapService({ db: app.db });
  const baseOf = (request: FastifyRequest) =>
    options.publicUrl ?? `${request.protocol}://${request.host}`;
  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.header('cache-control', CACHE_CONTROL).type(type).send(body);
  const xml = 'application/xml; charset=utf-8';

  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    send(reply, 'text/plain; charset=utf-8', robotsTxt(baseOf(request))),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    send(reply, xml, await sitemap.index(baseOf(request))),
  );
  app.get('/sitemap-channels.xml', { schema: { hide: true } }, async (request, reply) =>
    send(reply, xml, await sitemap.channels(baseOf(request))),
  );
  for (const kind of SITEMAP_PAGED_KINDS) {
    app.get<{ Params: { file: string } }>(
      `/sitemap-${kind}-:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const n = PART_FILE.exec(request.params.file)?.[1];
        const part = n && (await sitemap.part(baseOf(request), kind, Number(n)));
        if (!part) throw notFound(t.badPart);
        return send(reply, xml, part);
      },
    );
  }
}
