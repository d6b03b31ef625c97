import { describe, expect, it } from 'vitest';
import type { Definition } from '@melon/shared/media/definitions';
import {
  canShowUltraDefinitions,
  definitionMenuText,
  initialDefinition,
  localDay,
  visibleDefinitions,
} from './definitions.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const OLD_CHROME = 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 Chrome/18.0.1025 Safari/537.36';
const EDGE = `${CHROME} Edg/140.0.0.0`;
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Safari/605.1.15';
const OLD_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

describe('definitionMenuText', () => {
  it.each([
    ['360p', '标清 360P'],
    ['720p', '高清 720P'],
    ['4k', '超清 4K'],
  ] as const)('%s → %s', (definition, text) => {
    expect(definitionMenuText(definition)).toBe(text);
  });
});

describe('canShowUltraDefinitions (SPEC §5)', () => {
  it.each([
    { name: 'desktop Chrome', userAgent: CHROME, search: '', cookie: '', show: true },
    { name: 'Chrome 18', userAgent: OLD_CHROME, search: '', cookie: '', show: false },
    { name: 'desktop Edge', userAgent: EDGE, search: '', cookie: '', show: true },
    { name: 'Safari 26', userAgent: SAFARI, search: '', cookie: '', show: true },
    {
      name: 'Safari 17 (not above 20)',
      userAgent: OLD_SAFARI,
      search: '',
      cookie: '',
      show: false,
    },
    { name: 'Firefox', userAgent: FIREFOX, search: '', cookie: '', show: false },
    { name: 'iPhone', userAgent: IPHONE, search: '', cookie: '', show: false },
    { name: 'Android Chrome', userAgent: ANDROID_CHROME, search: '', cookie: '', show: false },
    {
      name: 'Firefox with enable_2k=1 query',
      userAgent: FIREFOX,
      search: '?a=1&enable_2k=1',
      cookie: '',
      show: true,
    },
    {
      name: 'iPhone with enable_2k=1 cookie',
      userAgent: IPHONE,
      search: '',
      cookie: 'web_id=1; enable_2k=1',
      show: true,
    },
    { name: 'enable_2k=0', userAgent: FIREFOX, search: '?enable_2k=0', cookie: '', show: false },
  ])('$name → $show', ({ userAgent, search, cookie, show }) => {
    expect(canShowUltraDefinitions({ userAgent, search, cookie })).toBe(show);
  });
});

describe('visibleDefinitions', () => {
  const all: Definition[] = ['360p', '480p', '720p', '1080p', '2k', '4k'];
  it('lists highest first and hides 2k and 4k unless allowed', () => {
    expect(visibleDefinitions(all, false)).toEqual(['1080p', '720p', '480p', '360p']);
    expect(visibleDefinitions(all, true)).toEqual(['4k', '2k', '1080p', '720p', '480p', '360p']);
    expect(visibleDefinitions(['480p', '360p'], true)).toEqual(['480p', '360p']);
  });
});

describe('initialDefinition (SPEC §4)', () => {
  const today = '2026-11-23';
  const visible: Definition[] = ['1080p', '720p', '480p', '360p'];
  it.each([
    { name: 'nothing stored → auto', stored: null, storedDay: null, expected: 'auto' },
    { name: 'stored auto → auto', stored: 'auto', storedDay: today, expected: 'auto' },
    { name: 'stored today → honoured', stored: '480p', storedDay: today, expected: '480p' },
    {
      name: 'stored yesterday → auto',
      stored: '480p',
      storedDay: '2026-11-22',
      expected: 'auto',
    },
    { name: 'stored without a day → auto', stored: '480p', storedDay: null, expected: 'auto' },
    {
      name: 'stored today but missing → first p-type',
      stored: '4k',
      storedDay: today,
      expected: '1080p',
    },
    {
      name: 'stored garbage today → first p-type',
      stored: 'best',
      storedDay: today,
      expected: '1080p',
    },
  ])('$name', ({ stored, storedDay, expected }) => {
    expect(initialDefinition({ stored, storedDay, today, visible })).toBe(expected);
  });

  it('falls back to auto when the video has no p-type definition', () => {
    expect(initialDefinition({ stored: '720p', storedDay: today, today, visible: ['4k'] })).toBe(
      'auto',
    );
  });

  it('compares local calendar days', () => {
    expect(localDay(new Date(2026, 10, 23, 23, 59))).toBe('2026-11-23');
    expect(localDay(new Date(2026, 0, 2, 0, 0))).toBe('2026-01-02');
  });
});
