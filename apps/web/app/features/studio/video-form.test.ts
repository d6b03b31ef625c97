import { describe, expect, it } from 'vitest';
import { formatMark, parseMark, readVideoForm, type VideoFormValues } from './video-form.ts';

const values = (over: Partial<VideoFormValues> = {}): VideoFormValues => ({
  title: ' 海边的日落 ',
  abstract: ' 简介 ',
  tags: '旅行  海边，旅行',
  channelId: 3,
  visibility: 20,
  opening: '0:05',
  ending: '1:00',
  ...over,
});

describe('marks', () => {
  it('reads seconds, m:ss and h:mm:ss, and blank as no mark', () => {
    expect(parseMark('')).toBeNull();
    expect(parseMark('45')).toBe(45_000);
    expect(parseMark('1:30')).toBe(90_000);
    expect(parseMark('1:02:03')).toBe(3_723_000);
  });

  it('refuses what is not a time', () => {
    expect(parseMark('1:75')).toBeUndefined();
    expect(parseMark('abc')).toBeUndefined();
    expect(parseMark('-3')).toBeUndefined();
  });

  it('writes marks back as the form shows them', () => {
    expect(formatMark(null)).toBe('');
    expect(formatMark(90_500)).toBe('1:30');
    expect(formatMark(3_723_000)).toBe('1:02:03');
    expect(parseMark(formatMark(125_000))).toBe(125_000);
  });
});

describe('readVideoForm', () => {
  it('trims, splits and dedupes tags, and turns marks into milliseconds', () => {
    expect(readVideoForm('1', values(), 120_000)).toEqual({
      body: {
        item_id: '1',
        title: '海边的日落',
        abstract: '简介',
        tags: ['旅行', '海边'],
        channel_id: 3,
        visibility: 20,
        opening_ms: 5000,
        ending_ms: 60_000,
      },
    });
  });

  it('names each wrong field in Chinese', () => {
    const result = readVideoForm(
      '1',
      values({ title: '  ', opening: '3:00', ending: 'x', tags: 'a'.repeat(21) }),
      120_000,
    );
    expect(result).toEqual({
      errors: {
        title: '请填写标题',
        tags: '最多 10 个标签，每个不超过 20 个字',
        opening: '不能超过视频时长',
        ending: '请按 分:秒 填写，例如 1:30',
      },
    });
  });

  it('wants the ending after the opening', () => {
    expect(readVideoForm('1', values({ opening: '0:30', ending: '0:10' }), 120_000)).toEqual({
      errors: { ending: '片尾须在片头之后' },
    });
  });
});
