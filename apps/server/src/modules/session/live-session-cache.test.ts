import { describe, expect, it } from 'vitest';
import { createLiveSessionCache, type KeptSession } from './live-session-cache.ts';

const session = (userId: string, expiresAt = 10_000): KeptSession => ({
  user: { id: userId, name: userId, avatarUri: '' },
  expiresAt,
  lastSeenAt: 0,
});

function setup(maxEntries = 10) {
  let time = 0;
  const cache = createLiveSessionCache({ ttlMs: 1000, maxEntries, now: () => time });
  return { cache, advance: (ms: number) => (time += ms) };
}

describe('the live session cache', () => {
  it('keeps a session for its time, and never past the session’s own end', () => {
    const { cache, advance } = setup();
    cache.keep('a', session('alice'));
    cache.keep('b', session('bob', 500));
    advance(499);
    expect(cache.get('a')?.user.id).toBe('alice');
    expect(cache.get('b')?.user.id).toBe('bob');
    advance(1);
    expect(cache.get('b')).toBeUndefined();
    advance(500);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets one session, or every session of a user', () => {
    const { cache } = setup();
    cache.keep('a1', session('alice'));
    cache.keep('a2', session('alice'));
    cache.keep('b', session('bob'));
    cache.forgetSession('a1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')?.user.id).toBe('alice');
    cache.forgetUser('alice');
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b')?.user.id).toBe('bob');
  });

  it('lets the oldest kept go when full', () => {
    const { cache } = setup(2);
    cache.keep('a', session('alice'));
    cache.keep('b', session('bob'));
    cache.keep('c', session('carol'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.user.id).toBe('bob');
    expect(cache.get('c')?.user.id).toBe('carol');
    cache.forgetUser('alice');
    expect(cache.get('c')?.user.id).toBe('carol');
  });
});
