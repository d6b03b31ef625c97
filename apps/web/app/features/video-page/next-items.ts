import type { ToPlayEntry } from '@melon/shared/contracts/to-play';
import type { VideoDetails } from '@melon/shared/contracts/video';

/** One entry of the list beside the player: the series' or album's items in order. */
export interface NextItem {
  itemId: string;
  title: string;
  coverUrl: string;
  /** Seconds. */
  duration: number;
  /** 第3集, or the position in a series. */
  label: string;
  current: boolean;
}

export interface NextItems {
  /** 合集 · title, the album's title, or the to-play basket 待播 (decision 051). */
  kind: 'series' | 'album' | 'toplay';
  title: string;
  total: number;
  currentPosition: number;
  items: NextItem[];
  nextItemId: string | null;
  firstItemId: string | null;
  /** A list the viewer edits (the to-play basket): takes an entry out. */
  onRemove?: ((itemId: string) => void) | undefined;
}

/** The series or album the item plays in, as the page lists it; null for a lone video. */
export function nextItemsOf(details: VideoDetails): NextItems | null {
  const { album, series } = details;
  if (album) {
    const items = album.episodes.map((episode) => ({
      itemId: episode.item_id,
      title: episode.title,
      coverUrl: episode.cover_url,
      duration: episode.duration,
      label: episode.episode_label,
      current: episode.item_id === details.item_id,
    }));
    return {
      kind: 'album',
      title: album.title,
      total: album.total_episodes ?? items.length,
      currentPosition: album.current.seq,
      items,
      nextItemId: album.next_item_id,
      firstItemId: items[0]?.itemId ?? null,
    };
  }
  if (series) {
    const items = series.items.map((entry) => ({
      itemId: entry.item_id,
      title: entry.title,
      coverUrl: entry.cover_url,
      duration: entry.duration,
      label: String(entry.position),
      current: entry.item_id === details.item_id,
    }));
    return {
      kind: 'series',
      title: series.title,
      total: series.total,
      currentPosition: series.current_position,
      items,
      nextItemId: series.next_item_id,
      firstItemId: items[0]?.itemId ?? null,
    };
  }
  return null;
}

/**
 * The to-play basket as the list beside the player of /toplay/:gid (decision 051): after the
 * entry playing comes the next one; when the entry playing is not (or no longer) in the
 * basket, the basket's first.
 */
export function nextItemsOfBasket(
  entries: readonly ToPlayEntry[],
  currentId: string,
  onRemove?: (itemId: string) => void,
): NextItems {
  const index = entries.findIndex((entry) => entry.group_id === currentId);
  const items = entries.map((entry) => ({
    itemId: entry.group_id,
    title: entry.title,
    coverUrl: entry.cover_url,
    duration: entry.duration,
    label: entry.episode_label,
    current: entry.group_id === currentId,
  }));
  return {
    kind: 'toplay',
    title: '',
    total: items.length,
    currentPosition: index + 1,
    items,
    nextItemId: items[index + 1]?.itemId ?? null,
    firstItemId: items[0]?.itemId ?? null,
    onRemove,
  };
}

/** Item type codes of containers: album 24, series 26, pseries 149 (SPEC §3). */
const CONTAINER_TYPES = new Set([24, 26, 149]);

/**
 * The address of an item of the list: inside a container page it is the page's child
 * (`/mixId?id=itemId`, SPEC §2); otherwise the item's own page.
 */
export function itemPath(mix: { mixId: string; mixItemType: number }, itemId: string): string {
  if (CONTAINER_TYPES.has(mix.mixItemType) && itemId !== mix.mixId) {
    return `/${mix.mixId}?id=${itemId}`;
  }
  return `/${itemId}`;
}
