import { describe, expect, it } from 'vitest';
import { itemIdOfLink, tortLinkLines, tortReportPath } from './tort-links.ts';

const ID = '7301234567890123456';

describe('tortLinkLines', () => {
  it('keeps the non-empty lines, trimmed', () => {
    expect(tortLinkLines(` ${ID} \r\n\n  https://x.test/${ID}\n   `)).toEqual([
      ID,
      `https://x.test/${ID}`,
    ]);
  });
});

describe('itemIdOfLink', () => {
  it.each([
    [ID],
    [`https://www.melon.example/${ID}`],
    [`http://localhost:3210/${ID}?t=12#comments`],
    [`/${ID}`],
    [`https://www.melon.example/iframe/${ID}`],
    [`https://www.melon.example/toplay/${ID}/`],
  ])('reads the id of %s', (line) => {
    expect(itemIdOfLink(line)).toBe(ID);
  });

  it.each([
    ['a word', '侵权视频'],
    ['a short number', '12345'],
    ['another page', `https://www.melon.example/home/${ID}`],
    ['a deeper path', `https://www.melon.example/a/b/${ID}`],
    ['another scheme', `ftp://www.melon.example/${ID}`],
    ['a javascript url', `javascript:alert(${ID})`],
  ])('reads nothing from %s', (_case, line) => {
    expect(itemIdOfLink(line)).toBeUndefined();
  });
});

describe('tortReportPath', () => {
  it('names the video when given one', () => {
    expect(tortReportPath()).toBe('/tort');
    expect(tortReportPath(ID)).toBe(`/tort?group_id=${ID}`);
  });
});
