import { userCenterMessages as t } from './messages.ts';

const BROWSERS: readonly [RegExp, string][] = [
  [/Electron|MelonDesktop/, t.devices.desktopApp],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/MicroMessenger/, '微信'],
  [/QQBrowser/, 'QQ浏览器'],
  [/UCBrowser/, 'UC浏览器'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS|Chromium/, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/HarmonyOS|OpenHarmony/, '鸿蒙'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const find = (table: readonly [RegExp, string][], ua: string): string | undefined =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

/** A short name for the device a session signed in from: browser · system. */
export function deviceName(userAgent: string): string {
  const parts = [find(BROWSERS, userAgent), find(SYSTEMS, userAgent)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : t.devices.unknownDevice;
}

const DATE_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const DATE = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function parts(format: Intl.DateTimeFormat, ms: number): Record<string, string> {
  return Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
}

/** 2025-03-01 14:05, Beijing time, the same on the server and in the browser. */
export function formatDateTime(ms: number): string {
  const p = parts(DATE_TIME, ms);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** 2025-03-01, Beijing time. */
export function formatDate(ms: number): string {
  const p = parts(DATE, ms);
  return `${p.year}-${p.month}-${p.day}`;
}
