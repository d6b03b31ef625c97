import type { Diagnostics } from './diagnostics.ts';
import { debugMessages as t } from './messages.ts';

export interface ReportSection {
  title: string;
  rows: [label: string, value: string][];
}

const yesNo = (value: boolean) => (value ? t.yes : t.no);
const megabytes = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
const result = <R extends object>(value: R | { error: string }, show: (ok: R) => string) =>
  'error' in value ? value.error : show(value);

/** ISO time with this browser's offset from UTC, as a support reader needs it. */
function localTime(ms: number): string {
  const date = new Date(ms);
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${sign}${hours}:${minutes}`;
}

/** The findings as labelled rows: shown on the page and copied as text alike. */
export function reportSections(d: Diagnostics): ReportSection[] {
  const { labels: l, sections: s } = t;
  return [
    {
      title: s.page,
      rows: [
        [l.checkedAt, localTime(d.checkedAt)],
        [l.address, d.page.address],
        [l.build, d.page.build ?? t.unknown],
      ],
    },
    {
      title: s.browser,
      rows: [
        [l.userAgent, d.browser.userAgent],
        [l.language, d.browser.language],
        [l.screen, d.browser.screen],
        [l.online, yesNo(d.browser.online)],
        [l.cookies, d.browser.cookies ? t.supported : t.unsupported],
      ],
    },
    {
      title: s.media,
      rows: [
        [l.mediaSource, d.media.mediaSource ? t.supported : t.unsupported],
        [l.managedMediaSource, d.media.managedMediaSource ? t.supported : t.unsupported],
        ...d.media.codecs.map(({ name, supported }): [string, string] => [
          name,
          supported ? t.supported : t.unsupported,
        ]),
      ],
    },
    {
      title: s.storage,
      rows: [
        [
          l.serviceWorker,
          d.serviceWorker.supported
            ? t.serviceWorker(d.serviceWorker.registrations, d.serviceWorker.controlled)
            : t.unsupported,
        ],
        [
          l.storage,
          d.storage
            ? t.storage(megabytes(d.storage.usageBytes), megabytes(d.storage.quotaBytes))
            : t.unknown,
        ],
        [l.persisted, d.storage ? yesNo(d.storage.persisted) : t.unknown],
      ],
    },
    {
      title: s.network,
      rows: [
        [l.clock, result(d.clock, ({ skewMs }) => t.clockSkew(skewMs))],
        [l.apiRoundTrip, result(d.clock, ({ roundTripMs }) => t.milliseconds(roundTripMs))],
        [l.socket, result(d.socket, ({ roundTripMs }) => t.milliseconds(roundTripMs))],
      ],
    },
    {
      title: s.session,
      rows: [
        [l.signedIn, yesNo(d.session.signedIn)],
        [l.userId, d.session.userId ?? t.none],
      ],
    },
  ];
}

/** The findings as plain text for support: a heading per section, a line per finding. */
export function reportText(sections: readonly ReportSection[]): string {
  const body = sections.map(
    ({ title, rows }) =>
      `[${title}]\n${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}`,
  );
  return `${t.heading}\n\n${body.join('\n\n')}\n`;
}
