import { describe, expect, it } from 'vitest';
import { decodeSyncMessage, encodeSyncMessage, syncReaction } from './login-sync.ts';

describe('login sync messages', () => {
  it('round-trips', () => {
    const message = { event: 'login', pageType: 'routes/home', at: 5 } as const;
    expect(decodeSyncMessage(encodeSyncMessage(message))).toEqual(message);
  });

  it.each([null, '', 'nonsense', '{"event":"hello","pageType":"x","at":1}', 'null'])(
    'ignores %s',
    (value) => {
      expect(decodeSyncMessage(value)).toBeNull();
    },
  );

  it('a login replaces tabs of another page type, refreshes the same type; logout reloads', () => {
    expect(syncReaction({ event: 'login', pageType: 'routes/home', at: 1 }, 'routes/channel')).toBe(
      'replace',
    );
    expect(syncReaction({ event: 'login', pageType: 'routes/home', at: 1 }, 'routes/home')).toBe(
      'refresh',
    );
    expect(syncReaction({ event: 'logout', pageType: 'routes/home', at: 1 }, 'routes/home')).toBe(
      'reload',
    );
  });
});
