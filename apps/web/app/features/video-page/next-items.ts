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
  /** 合集 · title or the album's title. */
  kind: 'series' | 'album';
  title: string;
  total: number;
  currentPosition: number;
  items: NextItem[];
  nextItemId: string | null;
  firstItemId: string | null;
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
