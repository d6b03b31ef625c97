import type { Danmaku } from '../model.ts';
import { createBlockFilter, duplicateKey, selectVisible, type FilterSettings } from './filter.ts';

/** All comments of the video and the ones the viewer's filters let through, both by time. */
export interface Timeline {
  readonly visible: readonly Danmaku[];
  /** How many comments `id` stands for once duplicates are merged (1 when none). */
  copiesOf(id: string): number;
  load(list: readonly Danmaku[]): void;
  filter(settings: FilterSettings): void;
  /** Adds one comment; returns its index in `visible`, or -1 when filtered or merged away. */
  add(danmaku: Danmaku): number;
  remove(id: string): void;
}

/** The index of the first comment later than `time`. */
export function indexAfter(list: readonly Danmaku[], time: number): number {
  return search(list, (t) => t <= time);
}

/** The index of the first comment at or after `time`. */
export function indexFrom(list: readonly Danmaku[], time: number): number {
  return search(list, (t) => t < time);
}

/** The first index whose time fails `before`, in a list sorted by time. */
function search(list: readonly Danmaku[], before: (time: number) => boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(list[mid]?.time ?? 0)) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function createTimeline(initial: FilterSettings): Timeline {
  let settings = initial;
  let passes = createBlockFilter(settings);
  let all: Danmaku[] = [];
  let visible: Danmaku[] = [];
  let copies = new Map<string, number>();

  const rebuild = () => {
    const selected = selectVisible(all, settings);
    visible = [...selected.list];
    copies = new Map(selected.copies);
  };

  /** A comment already shown that `danmaku` is a copy of, if merging is on. */
  function original(danmaku: Danmaku): Danmaku | undefined {
    if (!settings.mergeDuplicates || danmaku.own) return undefined;
    const key = duplicateKey(danmaku.text);
    for (let i = indexAfter(visible, danmaku.time) - 1; i >= 0; i--) {
      const other = visible[i];
      if (!other || danmaku.time - other.time > settings.mergeWindowMs) return undefined;
      if (!other.own && duplicateKey(other.text) === key) return other;
    }
    return undefined;
  }

  return {
    get visible() {
      return visible;
    },
    copiesOf: (id) => copies.get(id) ?? 1,
    load(list) {
      all = [...list].sort((a, b) => a.time - b.time);
      rebuild();
    },
    filter(next) {
      settings = next;
      passes = createBlockFilter(settings);
      rebuild();
    },
    add(danmaku) {
      all.splice(indexAfter(all, danmaku.time), 0, danmaku);
      if (!passes(danmaku)) return -1;
      const first = original(danmaku);
      if (first) {
        copies.set(first.id, (copies.get(first.id) ?? 1) + 1);
        return -1;
      }
      const index = indexAfter(visible, danmaku.time);
      visible.splice(index, 0, danmaku);
      return index;
    },
    remove(id) {
      all = all.filter((d) => d.id !== id);
      rebuild();
    },
  };
}
