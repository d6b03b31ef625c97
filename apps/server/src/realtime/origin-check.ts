/**
 * Cross-site WebSocket hijacking guard: a browser always sends Origin on a WebSocket upgrade,
 * so an Origin must be the site's own origin (decision 067), never one a Host header names: a
 * rebound DNS name or another site's page is refused. A client without one is not a browser
 * page (tools, other servers) and carries no visitor's cookies by accident.
 */
export function isAllowedOrigin(origin: string | undefined, siteOrigin: string): boolean {
  if (origin === undefined) return true;
  const page = URL.parse(origin);
  if (!page) return false;
  if (page.origin === siteOrigin) return true;
  // A site on its listen address (no MELON_PUBLIC_URL) is this machine's alone: a page opened
  // as http://localhost:3000 is the same site as http://127.0.0.1:3000.
  const site = new URL(siteOrigin);
  return (
    isLoopbackName(site.hostname) &&
    isLoopbackName(page.hostname) &&
    page.protocol === site.protocol &&
    page.port === site.port
  );
}

const isLoopbackName = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
