/**
 * Controls (C0, DEL, C1) and spaces, which a browser drops or trims from a URL, and invisible
 * format characters (zero-width, bidirectional), which hide what the address says.
 */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Z}]/u;

const WEB_SCHEME = /^https?:$/;

/** A path a browser or a server would read as the start of another host. */
const HOST_LIKE = /^[/\\]{2}/;

/** Percent-decoding repeated until nothing changes (a few rounds); undefined when malformed. */
function fullyDecoded(path: string): string | undefined {
  let current = path;
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

/**
 * The one same-origin rule of the site (server and web alike): where to send a browser back to
 * after sign-in. `service` counts when it is a path of this site or an address on `origin`
 * itself, and is answered as a path (`/…`); anything else is `/`, so it can never become an
 * open redirect.
 *
 * Browsers forgive a lot in a URL, and every forgiveness is a way to another host: `//evil`,
 * `/\evil`, `/.//evil` (dot segments collapse to `//evil`), tabs and line breaks (dropped),
 * `%2F%2Fevil` (decoded by whatever reads the path next). So the rule refuses any control, space or
 * invisible character, parses against the origin, and refuses a path that, normalised or decoded,
 * starts with two slashes of either kind.
 */
export function sameOriginPath(service: string | null | undefined, origin: string): string {
  if (!service || UNSAFE_CHARACTERS.test(service)) return '/';
  let url: URL;
  try {
    url = new URL(service, origin);
  } catch {
    return '/';
  }
  // `blob:` and the like share the origin of the address they wrap but are no path of it.
  if (url.origin !== origin || !WEB_SCHEME.test(url.protocol)) return '/';
  const decoded = fullyDecoded(url.pathname);
  if (decoded === undefined || UNSAFE_CHARACTERS.test(decoded) || HOST_LIKE.test(decoded)) {
    return '/';
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
