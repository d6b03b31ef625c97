/**
 * Where the sign-on page sends the browser back to: `service` when it is a path of this site or
 * an address on this site's own origin, as a path; anything else falls back to `/` (no open
 * redirect). Parsing against the origin catches `//evil`, `/\evil`, `javascript:` and the like.
 */
export function servicePath(service: string | null | undefined, origin: string): string {
  if (!service) return '/';
  let url: URL;
  try {
    url = new URL(service, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
