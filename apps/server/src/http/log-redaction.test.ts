import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it.each([
    ['/a?refreshToken=x&item_id=1', '/a?refreshToken=[redacted]&item_id=1'],
    ['/a?REFRESHTOKEN=x', '/a?REFRESHTOKEN=[redacted]'],
    ['/a?refresh%54oken=x', '/a?refresh%54oken=[redacted]'],
    ['/a?token=x&token=y', '/a?token=[redacted]&token=[redacted]'],
    ['/a?token', '/a?token=[redacted]'],
    [
      '/a?password=a%20b&captcha=1&code=2&state=3',
      '/a?password=[redacted]&captcha=[redacted]&code=[redacted]&state=[redacted]',
    ],
    ['/a?service=%2Fvideo%2F1&channel=2', '/a?service=%2Fvideo%2F1&channel=2'],
    ['/a?bad=%E0%A4%A', '/a?bad=%E0%A4%A'],
    ['/a', '/a'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('redacts the path segments holding secret route parameters', () => {
    expect(redactUrl('/media/s/99/abc/v/1/p/x.mp4?sig=1', { expires: '99', sig: 'abc' })).toBe(
      '/media/s/99/[redacted]/v/1/p/x.mp4?sig=[redacted]',
    );
  });
});
