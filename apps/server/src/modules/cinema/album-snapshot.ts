import type { AlbumType } from '@melon/db/enums';
import { CINEMA_SORTS, type CinemaSort } from '@melon/shared/contracts/cinema';
import type { AlbumFilter } from './cinema-filters.ts';
import type { EpisodeRow, SnapshotAlbumRow } from './cinema.repository.ts';
import { SlotSet } from './slot-set.ts';

/*
 * The filter page's albums in memory (decision 073): every listed album with what the filter
 * tests, the sort keys and its card. Per category, each album has a slot; each filter value
 * (a region, a year, a genre, 会员 or 免费) has the set of slots of its albums, and each sort a
 * list of the albums in the query's order (the key, then the album id, both descending). A
 * page intersects the sets of the chosen values, then either reads the sort's list from the
 * top keeping the albums in the set, or sorts the set's albums, whichever reads fewer. The
 * snapshot only holds and orders; `album-snapshot-sync.ts` keeps it equal to the database.
 */

/** An album as the filter page needs it. */
export interface SnapshotAlbum {
  row: SnapshotAlbumRow;
  /** The episodes a visitor may open, in play order. */
  episodes: readonly EpisodeRow[];
}

export interface AlbumPageQuery {
  albumType: AlbumType;
  filter: AlbumFilter;
  sort: CinemaSort;
  offset: number;
  limit: number;
}

const SORT_KEYS = {
  hot: (row) => row.play_count,
  new: (row) => row.publish_time,
  score: (row) => row.score,
} as const satisfies Record<CinemaSort, (row: SnapshotAlbumRow) => number>;

/** An album in its category, at its slot. */
interface Entry {
  album: SnapshotAlbum;
  slot: number;
}

/**
 * The query's order: the key descending, then the album id descending. Ids are 19-digit
 * decimal strings (DESIGN §4), so comparing them as strings is comparing them as numbers, as
 * both databases do.
 */
function comparator(sort: CinemaSort) {
  const key = SORT_KEYS[sort];
  return (a: Entry, b: Entry): number => {
    const byKey = key(b.album.row) - key(a.album.row);
    if (byKey !== 0) return byKey;
    const [idA, idB] = [a.album.row.album_id, b.album.row.album_id];
    if (idA === idB) return 0;
    return idA < idB ? 1 : -1;
  };
}
const COMPARATORS = {
  hot: comparator('hot'),
  new: comparator('new'),
  score: comparator('score'),
} as const satisfies Record<CinemaSort, ReturnType<typeof comparator>>;

/** The first index whose entry comes at or after `entry` in the sort's order. */
function positionOf(list: readonly Entry[], entry: Entry, sort: CinemaSort): number {
  const compare = COMPARATORS[sort];
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle] as Entry, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The genres an album matches: `',' || genres || ','` like `%,genre,%` matches a genre that is
 * one of the comma-separated names exactly. (SQLite's like ignores ASCII case; the genre rows
 * offer Chinese names only, which have none.)
 */
const genresOf = (row: SnapshotAlbumRow) => new Set(row.genres.split(','));

/** The set of a value no album has; never changed. */
const NO_SLOTS = new SlotSet();

/** The slot sets of one filter row's values. */
function createValueSets<V>() {
  const sets = new Map<V, SlotSet>();
  return {
    add(value: V, slot: number) {
      let set = sets.get(value);
      if (!set) {
        set = new SlotSet();
        sets.set(value, set);
      }
      set.add(slot);
    },
    delete(value: V, slot: number) {
      sets.get(value)?.delete(slot);
    },
    /** The set of a value, to read only; empty for a value no album has. */
    of(value: V): SlotSet {
      return sets.get(value) ?? NO_SLOTS;
    },
    /** The values and their sets. */
    entries: () => sets.entries(),
  };
}

/** One category's albums: by slot, in each sort's order, and by filter value. */
function createCategory() {
  const bySlot: (Entry | undefined)[] = [];
  const freeSlots: number[] = [];
  const sorted: Record<CinemaSort, Entry[]> = { hot: [], new: [], score: [] };
  const all = new SlotSet();
  const regions = createValueSets<string>();
  const years = createValueSets<number>();
  const genres = createValueSets<string>();
  const vip = createValueSets<number>();
  // Scratch sets for a page, reused: a page is built at once, never two at a time.
  const kept = new SlotSet();
  const inRange = new SlotSet();

  /** Adds or takes the entry's slot out of the sets of its values. */
  function index(entry: Entry, present: boolean) {
    const { row } = entry.album;
    const change = present ? 'add' : 'delete';
    all[change](entry.slot);
    regions[change](row.area, entry.slot);
    if (row.year !== null) years[change](row.year, entry.slot);
    for (const genre of genresOf(row)) genres[change](genre, entry.slot);
    vip[change](row.vip, entry.slot);
  }

  /** The slots of the albums the filter keeps (the scratch set `kept`, until the next call). */
  function matching(filter: AlbumFilter): SlotSet {
    kept.copyFrom(all);
    if (filter.region !== null) kept.intersect(regions.of(filter.region));
    if (filter.years !== null) {
      const { from, to } = filter.years;
      inRange.clear();
      for (const [year, set] of years.entries()) {
        if (year <= to && (from === null || year >= from)) inRange.unite(set);
      }
      kept.intersect(inRange);
    }
    if (filter.genre !== null) kept.intersect(genres.of(filter.genre));
    if (filter.vip !== null) kept.intersect(vip.of(filter.vip));
    return kept;
  }

  return {
    /** Adds an album; the sorted lists are left for `sort` when `inOrder` is false. */
    add(album: SnapshotAlbum, inOrder: boolean): Entry {
      const entry = { album, slot: freeSlots.pop() ?? bySlot.length };
      bySlot[entry.slot] = entry;
      index(entry, true);
      for (const sort of CINEMA_SORTS) {
        const list = sorted[sort];
        if (inOrder) list.splice(positionOf(list, entry, sort), 0, entry);
        else list.push(entry);
      }
      return entry;
    },
    /** Puts every sorted list in its order. */
    sort() {
      for (const sort of CINEMA_SORTS) sorted[sort].sort(COMPARATORS[sort]);
    },
    remove(entry: Entry) {
      for (const sort of CINEMA_SORTS) {
        sorted[sort].splice(positionOf(sorted[sort], entry, sort), 1);
      }
      index(entry, false);
      bySlot[entry.slot] = undefined;
      freeSlots.push(entry.slot);
    },
    page({ filter, sort, offset, limit }: AlbumPageQuery): SnapshotAlbum[] {
      const matched = matching(filter);
      const count = matched.size;
      const list = sorted[sort];
      // Reading the list from the top meets a kept album about every list.length / count.
      const read = Math.min(list.length, ((offset + limit) * list.length) / Math.max(count, 1));
      if (read <= count * Math.log2(count + 2)) {
        const page: SnapshotAlbum[] = [];
        let skipped = 0;
        for (const entry of list) {
          if (page.length === limit) break;
          if (!matched.has(entry.slot)) continue;
          if (skipped < offset) skipped += 1;
          else page.push(entry.album);
        }
        return page;
      }
      const entries = [...matched].map((slot) => bySlot[slot] as Entry);
      entries.sort(COMPARATORS[sort]);
      return entries.slice(offset, offset + limit).map((entry) => entry.album);
    },
  };
}
type Category = ReturnType<typeof createCategory>;

export interface AlbumSnapshot {
  /** One page of a category's albums under the filter, in the sort's order. */
  page(query: AlbumPageQuery): SnapshotAlbum[];
  /** Puts an album in, in place of the one with its id if there is one. */
  put(album: SnapshotAlbum): void;
  /** Takes an album out; an id it does not hold is ignored. */
  remove(albumId: string): void;
}

/** A snapshot holding the albums given. */
export function createAlbumSnapshot(albums: readonly SnapshotAlbum[]): AlbumSnapshot {
  const categories = new Map<number, Category>();
  const entries = new Map<string, { category: Category; entry: Entry }>();

  function categoryOf(albumType: number): Category {
    let category = categories.get(albumType);
    if (!category) {
      category = createCategory();
      categories.set(albumType, category);
    }
    return category;
  }

  function remove(albumId: string) {
    const held = entries.get(albumId);
    if (!held) return;
    held.category.remove(held.entry);
    entries.delete(albumId);
  }

  function add(album: SnapshotAlbum, inOrder: boolean) {
    const category = categoryOf(album.row.album_type);
    entries.set(album.row.album_id, { category, entry: category.add(album, inOrder) });
  }

  // Sorted once at the end rather than placed one by one.
  for (const album of new Map(albums.map((a) => [a.row.album_id, a])).values()) add(album, false);
  for (const category of categories.values()) category.sort();

  return {
    page: (query) => categories.get(query.albumType)?.page(query) ?? [],
    put: (album) => {
      remove(album.row.album_id);
      add(album, true);
    },
    remove,
  };
}
