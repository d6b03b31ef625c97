import { describe, it, expect } from 'vitest';
import { formatChinaDate, formatFeedTime, formatRelativeTime } from './relative-time.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 2024-06-15 12:00 in Asia/Shanghai. */
const NOON = Date.parse('2024-06-15T12:00:00+08:00');

describe('formatRelativeTime', () => {
  it.each([
    ['now', 0, '刚刚'],
    ['59 s', 59 * SECOND, '刚刚'],
    ['in the future', -5 * MINUTE, '刚刚'],
    ['1 min', MINUTE, '1分钟前'],
    ['59 min', 59 * MINUTE + 59 * SECOND, '59分钟前'],
    ['1 h', HOUR, '1小时前'],
    ['23 h', 23 * HOUR + 59 * MINUTE, '23小时前'],
    ['1 day', DAY, '1天前'],
    ['6 days', 6 * DAY + 23 * HOUR, '6天前'],
    ['7 days', 7 * DAY, '1周前'],
    ['29 days', 29 * DAY, '4周前'],
    ['30 days', 30 * DAY, '1个月前'],
    ['364 days', 364 * DAY, '12个月前'],
    ['365 days', 365 * DAY, '1年前'],
    ['3 years', 3 * 365 * DAY, '3年前'],
  ])('%s ago → %s', (_label, ago, expected) => {
    expect(formatRelativeTime(NOON - ago, NOON)).toBe(expected);
  });

  it.each([
    [Number.NaN, NOON],
    [NOON, Number.NaN],
  ])('non-finite input (%d, %d) gives an empty string', (timestamp, now) => {
    expect(formatRelativeTime(timestamp, now)).toBe('');
  });
});

describe('formatFeedTime', () => {
  it.each([
    ['just now', '2024-06-15T11:59:30+08:00', '2024-06-15T12:00:00+08:00', '刚刚'],
    ['in the future', '2024-06-15T12:10:00+08:00', '2024-06-15T12:00:00+08:00', '刚刚'],
    ['minutes', '2024-06-15T11:15:00+08:00', '2024-06-15T12:00:00+08:00', '45分钟前'],
    ['hours across midnight', '2024-06-14T22:00:00+08:00', '2024-06-15T01:30:00+08:00', '3小时前'],
    ['22 hours', '2024-06-14T14:00:00+08:00', '2024-06-15T12:00:00+08:00', '22小时前'],
    ['23 hours, yesterday', '2024-06-14T13:00:00+08:00', '2024-06-15T12:00:00+08:00', '昨天'],
    ['23.5 hours, same day', '2024-06-15T00:10:00+08:00', '2024-06-15T23:40:00+08:00', '23小时前'],
    ['start of yesterday', '2024-06-14T00:00:00+08:00', '2024-06-15T23:59:00+08:00', '昨天'],
    ['day before yesterday', '2024-06-13T23:59:00+08:00', '2024-06-15T08:00:00+08:00', '前天'],
    ['three days ago', '2024-06-12T23:59:00+08:00', '2024-06-15T08:00:00+08:00', '06-12'],
    ['same year', '2024-01-02T09:00:00+08:00', '2024-06-15T12:00:00+08:00', '01-02'],
    ['last year', '2023-12-31T09:00:00+08:00', '2024-01-03T12:00:00+08:00', '2023-12-31'],
    // 2024-06-13 20:00 UTC is already 06-14 in China: calendar days are China time.
    ['China calendar', '2024-06-13T20:00:00Z', '2024-06-15T12:00:00+08:00', '昨天'],
    ['new year in China before UTC', '2023-12-31T17:00:00Z', '2024-01-05T12:00:00+08:00', '01-01'],
  ])('%s → %s', (_label, then, now, expected) => {
    expect(formatFeedTime(Date.parse(then), Date.parse(now))).toBe(expected);
  });

  it('non-finite input gives an empty string', () => {
    expect(formatFeedTime(Number.NaN, NOON)).toBe('');
  });
});

describe('formatChinaDate', () => {
  it('is the calendar day in China time', () => {
    expect(formatChinaDate(Date.parse('2026-12-26T15:59:00Z'))).toBe('2026-12-26');
    expect(formatChinaDate(Date.parse('2026-12-26T16:00:00Z'))).toBe('2026-12-27');
    expect(formatChinaDate(Date.parse('2027-01-05T09:00:00+08:00'))).toBe('2027-01-05');
    expect(formatChinaDate(Number.NaN)).toBe('');
  });
});
