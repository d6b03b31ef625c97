/** Sitemap documents (sitemaps.org 0.9): an index of parts, and a part's list of pages. */

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** Text for an XML element: the five characters XML reserves, escaped. */
export function xmlText(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );
}

/** A page of a sitemap: its absolute address and, when known, when it last changed (ms). */
export interface SitemapEntry {
  loc: string;
  lastModified?: number;
}

const lastmod = (ms: number | undefined) =>
  ms === undefined ? '' : `<lastmod>${new Date(ms).toISOString()}</lastmod>`;

export function sitemapIndexXml(parts: readonly SitemapEntry[]): string {
  const body = parts
    .map(
      (part) => `<sitemap><loc>${xmlText(part.loc)}</loc>${lastmod(part.lastModified)}</sitemap>`,
    )
    .join('\n');
  return `${HEAD}<sitemapindex xmlns="${XMLNS}">\n${body}\n</sitemapindex>\n`;
}

export function urlSetXml(pages: readonly SitemapEntry[]): string {
  const body = pages
    .map((page) => `<url><loc>${xmlText(page.loc)}</loc>${lastmod(page.lastModified)}</url>`)
    .join('\n');
  return `${HEAD}<urlset xmlns="${XMLNS}">\n${body}\n</urlset>\n`;
}
