import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCookieSealer } from './sealed-cookie.ts';

const secret = randomBytes(32);
const sealer = createCookieSealer<{ state: string }>(secret, 'test');

afterEach(() => {
  vi.useRealTimers();
});

describe('sealed cookies', () => {
  it('open in the context they were sealed for, and hide their content', () => {
    const sealed = sealer.seal({ state: 'abc-state' }, 'web-1', 60_000);
    expect(sealer.open(sealed, 'web-1')).toEqual({ state: 'abc-state' });
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('abc-state');
  });

  it('do not open in another context, under another purpose or secret, or once altered', () => {
    const sealed = sealer.seal({ state: 's' }, 'web-1', 60_000);
    expect(sealer.open(sealed, 'web-2')).toBeUndefined();
    expect(createCookieSealer(secret, 'other').open(sealed, 'web-1')).toBeUndefined();
    expect(createCookieSealer(randomBytes(32), 'test').open(sealed, 'web-1')).toBeUndefined();
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1] = (raw.at(-1) ?? 0) ^ 1;
    expect(sealer.open(raw.toString('base64url'), 'web-1')).toBeUndefined();
    expect(sealer.open('', 'web-1')).toBeUndefined();
    expect(sealer.open('bm9wZQ', 'web-1')).toBeUndefined();
  });

  it('expire', () => {
    const sealed = sealer.seal({ state: 's' }, 'web-1', 60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 59_000);
    expect(sealer.open(sealed, 'web-1')).toBeDefined();
    vi.setSystemTime(Date.now() + 1_000);
    expect(sealer.open(sealed, 'web-1')).toBeUndefined();
  });
});
