import { describe, expect, it } from 'vitest';
import { servicePath } from './service-url.ts';

const origin = 'http://melon.test';

describe('servicePath', () => {
  it.each([
    { service: null, path: '/' },
    { service: '', path: '/' },
    { service: '/channel/youxi?a=1#top', path: '/channel/youxi?a=1#top' },
    { service: 'http://melon.test/user-center/', path: '/user-center/' },
    { service: 'https://melon.test/', path: '/' },
    { service: 'http://evil.test/phish', path: '/' },
    { service: '//evil.test/phish', path: '/' },
    { service: '/\\evil.test', path: '/' },
    { service: 'javascript:alert(1)', path: '/' },
    { service: 'http://melon.test.evil.test/', path: '/' },
    { service: 'http://melon.test:8080/', path: '/' },
  ])('$service → $path', ({ service, path }) => {
    expect(servicePath(service, origin)).toBe(path);
  });
});
