/**
 * Built lists kept for a while by key, the least recently stored dropped first past
 * `maxEntries`: a viewer's recommend list, built at their feed's first page and paged from here.
 */
export interface ListStore {
  get(key: string): readonly string[] | undefined;
  set(key: string, list: readonly string[]): void;
}

export function createListStore(options: {
  ttlMs: number;
  maxEntries: number;
  now: () => number;
}): ListStore {
  const entries = new Map<string, { list: readonly string[]; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry && entry.expires > options.now()) return entry.list;
      entries.delete(key);
      return undefined;
    },
    set(key, list) {
      entries.delete(key);
      if (entries.size >= options.maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { list, expires: options.now() + options.ttlMs });
    },
  };
}
