/**
 * What crawlers may fetch (decision 038): every page but a viewer's own (lists, settings,
 * sign-in), the operators' pages, the API and search result pages (endless and thin; the
 * keyword pages /kvideo/ are the ones meant for search engines), and where the sitemap is.
 */
const DISALLOWED = [
  '/api/',
  '/my/',
  '/user-center/',
  '/passport/',
  '/admin/',
  '/debug',
  '/search',
] as const;

export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
