import type { DanmakuView } from '@melon/shared/contracts/danmaku';

/**
 * Every danmaku of one item the page knows of, by id and in play order: the loaded segments,
 * live arrivals and the viewer's own, which shows under a local id until the server answers.
 * The list and the overlay both read it; React reads it through `subscribe` and `list`.
 */
export interface DanmakuPool {
  /** In play order (offset, then send time); a new array after every change. */
  readonly list: readonly DanmakuView[];
  has(id: string): boolean;
  /** The entry under `id`, following a local id to the server's once confirmed. */
  get(id: string): DanmakuView | undefined;
  /** Adds the ones not known yet and answers them. */
  addMany(views: readonly DanmakuView[]): DanmakuView[];
  add(view: DanmakuView): boolean;
  /** The server accepted the local `localId`: it becomes `view`, and `localId` an alias of it. */
  confirm(localId: string, view: DanmakuView): void;
  /**
   * Forgets the danmaku; answers every id it went by (its own and the local id it replaced,
   * which the overlay may still draw it under), or nothing when unknown.
   */
  remove(id: string): string[];
  /** Answers whether `id` is known. */
  setLikes(id: string, likeCount: number): boolean;
  subscribe(listener: () => void): () => void;
}

const byPlayOrder = (a: DanmakuView, b: DanmakuView): number =>
  a.offset_ms - b.offset_ms || a.send_time - b.send_time || (a.id < b.id ? -1 : 1);

export function createDanmakuPool(): DanmakuPool {
  const entries = new Map<string, DanmakuView>();
  const aliases = new Map<string, string>();
  const listeners = new Set<() => void>();
  let list: readonly DanmakuView[] = [];

  function changed(): void {
    list = [...entries.values()].sort(byPlayOrder);
    for (const listener of listeners) listener();
  }

  const resolve = (id: string): string => aliases.get(id) ?? id;

  return {
    get list() {
      return list;
    },
    has: (id) => entries.has(resolve(id)),
    get: (id) => entries.get(resolve(id)),
    addMany(views) {
      const added = views.filter((view) => {
        if (entries.has(view.id)) return false;
        entries.set(view.id, view);
        return true;
      });
      if (added.length > 0) changed();
      return added;
    },
    add(view) {
      return this.addMany([view]).length === 1;
    },
    confirm(localId, view) {
      entries.delete(localId);
      aliases.set(localId, view.id);
      entries.set(view.id, view);
      changed();
    },
    remove(id) {
      const key = resolve(id);
      if (!entries.delete(key)) return [];
      const ids = [key];
      for (const [alias, target] of aliases) {
        if (target === key) {
          aliases.delete(alias);
          ids.push(alias);
        }
      }
      changed();
      return ids;
    },
    setLikes(id, likeCount) {
      const key = resolve(id);
      const view = entries.get(key);
      if (!view) return false;
      entries.set(key, { ...view, like_count: likeCount });
      changed();
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
