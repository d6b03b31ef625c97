import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { authorPath, channelPagePath, videoPath } from '@melon/shared/site-paths';
import { listChannelPages } from './seo.repository.ts';
import { sitemapIndexXml, urlSetXml } from './sitemap-xml.ts';
import {
  countSitemapAuthors,
  countSitemapItems,
  listSitemapAuthors,
  listSitemapItems,
} from './sitemap.repository.ts';

/** The sitemaps protocol's limit of addresses in one file. */
export const SITEMAP_PART_SIZE = 50_000;

/** The kinds of sitemap part that come in numbered pieces: /sitemap-<kind>-<n>.xml. */
export const SITEMAP_PAGED_KINDS = ['items', 'authors'] as const;
export type SitemapPagedKind = (typeof SITEMAP_PAGED_KINDS)[number];

export interface SitemapServiceDeps {
  db: Kysely<Database>;
  /** Addresses in a part; the protocol's 50 000 when left out (tests pass a small one). */
  partSize?: number;
}

const COUNTS = { items: countSitemapItems, authors: countSitemapAuthors };

/**
 * The sitemap (decision 038): an index naming the parts, each at most `partSize` addresses:
 * the items anyone may find, their authors' home pages, and the home and channel pages. `base`
 * is the site's public address (no trailing slash).
 */
export function createSitemapService(deps: SitemapServiceDeps) {
  const { db } = deps;
  const partSize = deps.partSize ?? SITEMAP_PART_SIZE;
  const partsOf = async (kind: SitemapPagedKind) => Math.ceil((await COUNTS[kind](db)) / partSize);

  return {
    async index(base: string): Promise<string> {
      const parts = [{ loc: `${base}/sitemap-channels.xml` }];
      for (const kind of SITEMAP_PAGED_KINDS) {
        const count = await partsOf(kind);
        for (let n = 1; n <= count; n += 1) parts.push({ loc: `${base}/sitemap-${kind}-${n}.xml` });
      }
      return sitemapIndexXml(parts);
    },

    /** Part `n` (from 1) of a kind; undefined past the last. */
    async part(base: string, kind: SitemapPagedKind, n: number): Promise<string | undefined> {
      if (n < 1 || n > (await partsOf(kind))) return undefined;
      const offset = (n - 1) * partSize;
      if (kind === 'items') {
        const rows = await listSitemapItems(db, offset, partSize);
        return urlSetXml(
          rows.map((row) => ({ loc: base + videoPath(row.id), lastModified: row.updated_at })),
        );
      }
      const rows = await listSitemapAuthors(db, offset, partSize);
      return urlSetXml(rows.map((row) => ({ loc: base + authorPath(row.id) })));
    },

    async channels(base: string): Promise<string> {
      const rows = await listChannelPages(db);
      return urlSetXml(
        rows.map((row) => ({ loc: base + channelPagePath(String(row.id), row.pinyin) })),
      );
    },
  };
}
export type SitemapService = ReturnType<typeof createSitemapService>;
