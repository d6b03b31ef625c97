/**
 * A small in-memory cache whose entries live for a fixed time. It stores the promise, so
 * concurrent misses on one key share a single load, and a failed load is not kept.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function createTtlCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): TtlCache<V> {
  // Date.now is looked up at each call, so a test's fake clock (vi.useFakeTimers) reaches it.
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, { value: Promise<V>; expires: number }>();

  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      if (hit) entries.delete(key);
      if (entries.size >= options.maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const value = load();
      entries.set(key, { value, expires: now() + options.ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
