/*
 * The media route's memory of who may fetch a members-only package (decision 050): every
 * segment request re-checks the right, and this keeps that check cheap. An answer is kept per
 * session and item for a few seconds, never past the membership's expiry; signing out ends the
 * session, whose requests then carry no user and are refused before the cache is asked.
 */

export interface PlaybackCache {
  /** True while a full-playback answer for `key` is held. */
  allows(key: string, nowMs: number): boolean;
  /** Holds a full-playback answer until `untilMs` (capped by the cache's own lifetime). */
  allow(key: string, nowMs: number, untilMs: number): void;
}

export function createPlaybackCache(options: { ttlMs: number; maxEntries: number }): PlaybackCache {
  const entries = new Map<string, number>();
  return {
    allows(key, nowMs) {
      const until = entries.get(key);
      if (until === undefined) return false;
      if (until > nowMs) return true;
      entries.delete(key);
      return false;
    },
    allow(key, nowMs, untilMs) {
      entries.delete(key);
      // The oldest answer goes first when full (a Map keeps insertion order).
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, Math.min(nowMs + options.ttlMs, untilMs));
    },
  };
}
