/**
 * Which of these session token hashes still belong to a live session (not signed out, revoked
 * or expired). Handed in from above: sessions are the session module's, and realtime stays
 * below the modules.
 */
export type LiveSessionsOf = (idHashes: readonly string[]) => Promise<ReadonlySet<string>>;

/** At most this many hashes per query. */
const CHUNK = 500;

/**
 * Ends the long-lived connections (WebSockets, event streams) opened by a session once that
 * session is gone, however it went: signed out here, revoked from another device, ended by
 * another process, expired. One query per period for all of this process's connections.
 */
export function createSessionWatch(options: {
  periodMs: number;
  liveSessions: LiveSessionsOf;
  onError: (error: unknown) => void;
}) {
  const watched = new Map<string, Set<() => void>>();
  let checking = false;

  async function check(): Promise<void> {
    const hashes = [...watched.keys()];
    for (let at = 0; at < hashes.length; at += CHUNK) {
      const chunk = hashes.slice(at, at + CHUNK);
      const live = await options.liveSessions(chunk);
      for (const hash of chunk) {
        if (live.has(hash)) continue;
        const ends = watched.get(hash);
        watched.delete(hash);
        for (const end of ends ?? []) end();
      }
    }
  }

  const timer = setInterval(() => {
    if (checking || watched.size === 0) return;
    checking = true;
    check()
      .catch(options.onError)
      .finally(() => {
        checking = false;
      });
  }, options.periodMs);
  timer.unref();

  return {
    /**
     * Calls `end` once the session is gone; a visitor's connection (null) is not watched.
     * Returns what stops watching, for a connection that closed by itself.
     */
    watch(idHash: string | null, end: () => void): () => void {
      if (idHash === null) return () => undefined;
      let ends = watched.get(idHash);
      if (!ends) {
        ends = new Set();
        watched.set(idHash, ends);
      }
      ends.add(end);
      return () => {
        const current = watched.get(idHash);
        current?.delete(end);
        if (current?.size === 0) watched.delete(idHash);
      };
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}

export type SessionWatch = ReturnType<typeof createSessionWatch>;
