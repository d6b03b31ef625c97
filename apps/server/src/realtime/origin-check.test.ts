import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin-check.ts';

describe('the WebSocket origin check', () => {
  it('accepts the site’s own origin and clients without one', () => {
    expect(isAllowedOrigin('https://melon.example', 'https://melon.example')).toBe(true);
    expect(isAllowedOrigin(undefined, 'https://melon.example')).toBe(true);
  });

  it('refuses any other origin of a public site, loopback names included', () => {
    for (const origin of [
      'https://evil.example',
      'http://melon.example',
      'https://melon.example:8443',
      'http://127.0.0.1:3000',
      'http://localhost',
      'null',
      'not a url',
    ]) {
      expect(isAllowedOrigin(origin, 'https://melon.example'), origin).toBe(false);
    }
  });

  it('takes the listen address under any loopback name, on the same port only', () => {
    const site = 'http://127.0.0.1:3000';
    for (const origin of ['http://localhost:3000', 'http://[::1]:3000', 'http://127.0.0.2:3000']) {
      expect(isAllowedOrigin(origin, site), origin).toBe(true);
    }
    for (const origin of [
      'http://localhost:3001',
      'https://localhost:3000',
      'http://evil.example:3000',
      'http://127.0.0.1.evil.example:3000',
    ]) {
      expect(isAllowedOrigin(origin, site), origin).toBe(false);
    }
  });
});
