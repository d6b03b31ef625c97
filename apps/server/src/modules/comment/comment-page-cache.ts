/**
 * A micro-cache of answers grouped by item: each answer is built at most once per `ttlMs` (the
 * promise is kept, so concurrent misses share one build, and a failed build is not), and
 * `forget(itemId)` drops every answer of an item at once, as a write to its comments does.
 * At most `maxItems` items (the oldest built goes first) of at most `maxPerItem` answers each.
 */
export interface CommentPageCache<V> {
  get(itemId: string, key: string, build: () => Promise<V>): Promise<V>;
  forget(itemId: string): void;
}

interface Entry<V> {
  value: Promise<V>;
  expires: number;
}

export function createCommentPageCache<V>(options: {
  ttlMs: number;
  maxItems: number;
  maxPerItem: number;
  now?: () => number;
}): CommentPageCache<V> {
  // Date.now is looked up at each call, so a test's fake clock (vi.useFakeTimers) reaches it.
  const now = options.now ?? (() => Date.now());
  const items = new Map<string, Map<string, Entry<V>>>();

  /** The item's answers, made the newest item; the oldest item goes when there are too many. */
  function answersOf(itemId: string): Map<string, Entry<V>> {
    const known = items.get(itemId);
    if (known) return known;
    if (items.size >= options.maxItems) {
      const oldest = items.keys().next();
      if (!oldest.done) items.delete(oldest.value);
    }
    const answers = new Map<string, Entry<V>>();
    items.set(itemId, answers);
    return answers;
  }

  return {
    get(itemId, key, build) {
      const answers = answersOf(itemId);
      const hit = answers.get(key);
      if (hit && hit.expires > now()) return hit.value;
      answers.delete(key);
      if (answers.size >= options.maxPerItem) {
        const oldest = answers.keys().next();
        if (!oldest.done) answers.delete(oldest.value);
      }
      const value = build();
      answers.set(key, { value, expires: now() + options.ttlMs });
      value.catch(() => {
        if (answers.get(key)?.value === value) answers.delete(key);
      });
      return value;
    },
    forget(itemId) {
      items.delete(itemId);
    },
  };
}
