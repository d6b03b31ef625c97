import { isIP } from 'node:net';

/** Named address ranges the proxy check knows: 127.0.0.0/8 and ::1, 169.254/16 and fe80::/10, private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Only the local machine, as before the setting existed. */
export const DEFAULT_TRUSTED_PROXIES: readonly string[] = ['loopback'];

/**
 * Reads a comma-separated list of the proxies whose X-Forwarded-For/Proto/Host are believed:
 * addresses, CIDR ranges (`10.0.0.0/8`, `2001:db8::/32`) or the names loopback, linklocal and
 * uniquelocal. Returns the entries, or the first one that is none of these as an error message.
 */
export function parseTrustedProxies(raw: string): { proxies: string[] } | { error: string } {
  const proxies = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (proxies.length === 0) return { error: 'lists no proxy' };
  for (const entry of proxies) {
    if (!isTrustedProxyEntry(entry)) {
      return { error: `has "${entry}", which is not an address, a CIDR range or a range name` };
    }
  }
  return { proxies };
}

function isTrustedProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}
