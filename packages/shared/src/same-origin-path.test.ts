import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path.ts';

const origin = 'http://melon.test';

describe('sameOriginPath: what is kept', () => {
  it.each([
    ['/channel/youxi?a=1#top', '/channel/youxi?a=1#top'],
    ['/', '/'],
    ['/user-center/', '/user-center/'],
    ['http://melon.test/user-center/?tab=1', '/user-center/?tab=1'],
    ['/search?keyword=%E7%94%9C%E7%93%9C', '/search?keyword=%E7%94%9C%E7%93%9C'],
    ['/a/./b/../c', '/a/c'],
    ['channel/youxi', '/channel/youxi'],
  ])('%j → %j', (service, path) => {
    expect(sameOriginPath(service, origin)).toBe(path);
  });
});

/** Every way a browser (or a server decoding the path) could be led to another host. */
const ATTACKS = [
  // other hosts, plainly or by scheme-relative addresses
  'http://evil.example/phish',
  'https://melon.test/',
  'http://melon.test:8080/',
  'http://melon.test.evil.example/',
  'http://melon.test@evil.example/',
  '//evil.example',
  '///evil.example',
  '////evil.example',
  // backslashes, which browsers read as slashes
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  // dot segments that collapse to `//host`
  '/.//evil.example',
  '/./\\evil.example',
  '/x/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  // tabs, line breaks, other controls and spaces, which browsers drop or trim
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '/\u0085/evil.example',
  '/\u00a0/evil.example',
  '/\u3000/evil.example',
  // invisible and bidirectional characters
  '/\u200b/evil.example',
  '/\u202e/evil.example',
  '/\ufeff/evil.example',
  // encoded slashes and backslashes, once or twice
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '/%252F%252Fevil.example',
  '/%25252F%25252Fevil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  // malformed encodings
  '/%E0%A4%A',
  '/%',
  // other schemes
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:http://melon.test/x',
  // not a string a browser can use at all
  'http://[::1',
];

describe('sameOriginPath: what is refused', () => {
  it.each(ATTACKS)('%j → /', (service) => {
    expect(sameOriginPath(service, origin)).toBe('/');
  });

  it('answers / for nothing', () => {
    for (const service of [null, undefined, '']) expect(sameOriginPath(service, origin)).toBe('/');
  });

  it('answers a path that a browser resolves against this origin only', () => {
    const path = sameOriginPath('/channel/./youxi', origin);
    expect(new URL(path, origin).origin).toBe(origin);
    expect(path.startsWith('/')).toBe(true);
    expect(path.startsWith('//')).toBe(false);
  });
});
