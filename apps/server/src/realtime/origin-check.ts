/**
 * Cross-site WebSocket hijacking guard: a browser always sends Origin on a WebSocket upgrade,
 * so an Origin must name this site's own host. A client without one is not a browser page
 * (tools, other servers) and carries no visitor's cookies by accident.
 */
export function isAllowedOrigin(origin: string | undefined, host: string): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.host.toLowerCase() === host.toLowerCase();
}
