import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../lib/domain-error.ts';
import { robotsTxt } from './robots.ts';
import { seoMessages as t } from './seo.messages.ts';
import { createSitemapService, SITEMAP_PAGED_KINDS } from './sitemap.service.ts';

/** The sitemaps change with new videos; crawlers may keep them an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/** A numbered part's file name: `<n>.xml`, n from 1, no leading zero. */
const PART_FILE = /^([1-9][0-9]{0,8})\.xml$/;

/**
 * robots.txt and the sitemap (decision 038): /sitemap.xml, the index, names
 * /sitemap-channels.xml, /sitemap-items-<n>.xml and /sitemap-authors-<n>.xml, every address on
 * the site's origin (decision 067): shared caches keep these answers for every Host.
 */
export default function sitemapRoutes(app: FastifyInstance): void {
  const sitemap = createSitemapService({ db: app.db });
  const base = app.siteOrigin;
  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.header('cache-control', CACHE_CONTROL).type(type).send(body);
  const xml = 'application/xml; charset=utf-8';

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    send(reply, 'text/plain; charset=utf-8', robotsTxt(base)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    send(reply, xml, await sitemap.index(base)),
  );
  app.get('/sitemap-channels.xml', { schema: { hide: true } }, async (_request, reply) =>
    send(reply, xml, await sitemap.channels(base)),
  );
  for (const kind of SITEMAP_PAGED_KINDS) {
    app.get<{ Params: { file: string } }>(
      `/sitemap-${kind}-:file`,
      { schema: { hide: true } },
      async (request, reply) => {
        const n = PART_FILE.exec(request.params.file)?.[1];
        const part = n && (await sitemap.part(base, kind, Number(n)));
        if (!part) throw notFound(t.badPart);
        return send(reply, xml, part);
      },
    );
  }
}
