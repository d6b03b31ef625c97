import { BlockList, isIP } from 'node:net';

/** What the phone is shown of the browser asking to sign in (decision 023). */
export interface RequesterDevice {
  browser: string;
  os: string;
  place: string;
}

/** Enough of a User-Agent for every browser's name and version; the rest is not read. */
const USER_AGENT_READ = 512;
const VERSION = String.raw`[/ ](\d{1,5})`;

/** Browsers by the token that names them, most specific first (many also say Chrome, Safari). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [new RegExp(`MicroMessenger${VERSION}`), '微信'],
  [new RegExp(`QQBrowser${VERSION}`), 'QQ浏览器'],
  [new RegExp(`UCBrowser${VERSION}`), 'UC浏览器'],
  [new RegExp(`Edg(?:e|A|iOS)?${VERSION}`), 'Edge'],
  [new RegExp(`OPR${VERSION}`), 'Opera'],
  [new RegExp(`SamsungBrowser${VERSION}`), '三星浏览器'],
  [new RegExp(`(?:Firefox|FxiOS)${VERSION}`), 'Firefox'],
  [new RegExp(`(?:HeadlessChrome|Chrome|CriOS|Chromium)${VERSION}`), 'Chrome'],
  [new RegExp(`Version${VERSION}(?:[.\\d]*)? (?:Mobile/\\S+ )?Safari`), 'Safari'],
];

/** Systems by their token; versions only where the User-Agent still tells them. */
const SYSTEMS: readonly ((ua: string) => string | undefined)[] = [
  (ua) => (/HarmonyOS/.test(ua) ? 'HarmonyOS' : undefined),
  (ua) => {
    const ios = /(?:iPhone|iPad|iPod).*? OS (\d{1,2})_(\d{1,2})/.exec(ua);
    return ios ? `iOS ${ios[1] ?? ''}.${ios[2] ?? ''}` : undefined;
  },
  (ua) => {
    const android = /Android (\d{1,2})/.exec(ua);
    return android ? `Android ${android[1] ?? ''}` : undefined;
  },
  (ua) => (/Windows NT/.test(ua) ? 'Windows' : undefined),
  (ua) => (/Mac OS X|Macintosh/.test(ua) ? 'macOS' : undefined),
  (ua) => (/CrOS/.test(ua) ? 'ChromeOS' : undefined),
  (ua) => (/Linux|X11/.test(ua) ? 'Linux' : undefined),
];

/** The browser (name and major version) and the system of a User-Agent, in a few words. */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  const ua = userAgent.slice(0, USER_AGENT_READ);
  let browser = '未知浏览器';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1] ?? ''}`.trim();
      break;
    }
  }
  let os = '未知系统';
  for (const system of SYSTEMS) {
    const found = system(ua);
    if (found) {
      os = found;
      break;
    }
  }
  return { browser, os };
}

/**
 * Where an address is, roughly, in words ("广东 深圳"). No GeoIP database ships with Melon; an
 * operator can plug one in here. Undefined answers fall back to the masked address.
 */
export interface PlaceLookup {
  placeOf(ip: string): string | null;
}

const LOCAL = new BlockList();
LOCAL.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('10.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('172.16.0.0', 12, 'ipv4');
LOCAL.addSubnet('192.168.0.0', 16, 'ipv4');
LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LOCAL.addAddress('::1', 'ipv6');
LOCAL.addSubnet('fc00::', 7, 'ipv6');
LOCAL.addSubnet('fe80::', 10, 'ipv6');

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The place the phone is shown: 本地网络 for loopback and private addresses, the lookup's answer
 * for others when there is one, else the address with its host part hidden (`203.0.113.*`,
 * `2001:db8:7:1:*`, the /64).
 */
export function approximatePlace(rawIp: string, lookup?: PlaceLookup): string {
  const ip = MAPPED_V4.exec(rawIp)?.[1] ?? rawIp;
  const family = isIP(ip);
  if (family === 0) return '未知位置';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOCAL.check(ip, type)) return '本地网络';
  const known = lookup?.placeOf(ip);
  if (known) return known;
  if (family === 4) return `${ip.split('.').slice(0, 3).join('.')}.*`;
  return `${expandedIpv6(ip).slice(0, 4).join(':')}:*`;
}

/** The eight groups of an IPv6 address, `::` filled in, leading zeros dropped. */
function expandedIpv6(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

/** The device as the phone is shown it, from the requesting browser's header and address. */
export const describeRequester = (
  userAgent: string | null,
  place: string | null,
): RequesterDevice => ({
  ...describeUserAgent(userAgent ?? ''),
  place: place ?? '未知位置',
});
