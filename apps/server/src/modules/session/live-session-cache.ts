import type { SessionUser } from '../../http/session-user.ts';

/** A session the database answered for, as kept for its next calls. */
export interface KeptSession {
  user: SessionUser;
  /** When the session itself ends (sessions.expires_at). */
  expiresAt: number;
  /** sessions.last_seen_at as this process last wrote or read it. */
  lastSeenAt: number;
}

/**
 * The live sessions this process read lately, by token hash, each kept `ttlMs` (decision 072):
 * the calls of a signed-in browser come in bursts, and each read the same session row. A kept
 * session still ends at its expiry. Whoever ends sessions forgets them here (the session
 * plugin's `forgetSessions`, which tells the other processes too); what is kept longer than
 * `ttlMs` is read again, so a session ended without that is refused `ttlMs` later at most.
 * At most `maxEntries` (the oldest kept goes first).
 */
export interface LiveSessionCache {
  get(idHash: string): KeptSession | undefined;
  keep(idHash: string, session: KeptSession): void;
  forgetSession(idHash: string): void;
  forgetUser(userId: string): void;
}

export function createLiveSessionCache(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): LiveSessionCache {
  const now = options.now ?? (() => Date.now());
  const kept = new Map<string, KeptSession & { keptUntil: number }>();
  const byUser = new Map<string, Set<string>>();

  function forgetSession(idHash: string): void {
    const entry = kept.get(idHash);
    if (!entry) return;
    kept.delete(idHash);
    const hashes = byUser.get(entry.user.id);
    hashes?.delete(idHash);
    if (hashes?.size === 0) byUser.delete(entry.user.id);
  }

  return {
    get(idHash) {
      const entry = kept.get(idHash);
      if (!entry) return undefined;
      const at = now();
      if (entry.keptUntil > at && entry.expiresAt > at) return entry;
      forgetSession(idHash);
      return undefined;
    },
    keep(idHash, session) {
      forgetSession(idHash);
      if (kept.size >= options.maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest kept.
        const oldest = kept.keys().next();
        if (!oldest.done) forgetSession(oldest.value);
      }
      kept.set(idHash, { ...session, keptUntil: now() + options.ttlMs });
      const hashes = byUser.get(session.user.id) ?? new Set<string>();
      hashes.add(idHash);
      byUser.set(session.user.id, hashes);
    },
    forgetSession,
    forgetUser(userId) {
      for (const idHash of byUser.get(userId) ?? []) forgetSession(idHash);
    },
  };
}
