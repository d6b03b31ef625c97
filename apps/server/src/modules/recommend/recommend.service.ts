import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ItemType } from '@melon/db/enums';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { findItemTitle } from '../item/item.repository.ts';
import { createListStore } from './list-store.ts';
import { readPools, type Pools } from './pools.ts';
import { buildRelatedList } from './related-list.ts';
import { createSharedReads, type SharedReads } from './shared-reads.ts';
import { buildViewerList } from './viewer-list.ts';
import { buildVisitorList } from './visitor-list.ts';

/** How many cards a built recommend list holds (ten pages of 30). */
export const LIST_LENGTH = 300;
/** A viewer's list is kept for their session's paging (decision 037). */
const VIEWER_LIST_TTL_MS = 30 * 60_000;
const VIEWER_LISTS = 5000;
/** Shared lists (the pools, the visitors' list, each video's related list) live a minute. */
const SHARED_TTL_MS = 60_000;
const RELATED_LISTS = 5000;
/** The longest related list kept; a call asks for at most 20. */
const RELATED_LENGTH = 20;

export interface RecommendPageQuery {
  /** The signed-in viewer, or null for a visitor. */
  viewerId: string | null;
  itemTypes: readonly ItemType[];
  offset: number;
  count: number;
}

/** A page of a recommend list: the ids in order and whether the list goes on. */
export interface RecommendPage {
  ids: readonly string[];
  hasMore: boolean;
}

export interface RecommendServiceDeps {
  db: Kysely<Database>;
  /** Milliseconds; what "new" and the freshness of popularity are measured from. */
  now?: () => number;
}

export function createRecommendService({ db, now = Date.now }: RecommendServiceDeps) {
  const pools = createTtlCache<Pools>({ ttlMs: SHARED_TTL_MS, maxEntries: 8 });
  const visitorLists = createTtlCache<string[]>({ ttlMs: SHARED_TTL_MS, maxEntries: 8 });
  const related = createTtlCache<string[]>({ ttlMs: SHARED_TTL_MS, maxEntries: RELATED_LISTS });
  const viewerLists = createListStore({
    ttlMs: VIEWER_LIST_TTL_MS,
    maxEntries: VIEWER_LISTS,
    now,
  });

  const poolsOf = (itemTypes: readonly ItemType[]) =>
    pools.get(itemTypes.join(','), () => readPools(db, itemTypes, now()));
  const sharedReads = new Map<string, SharedReads>();
  const sharedOf = (itemTypes: readonly ItemType[]) => {
    const key = itemTypes.join(',');
    const reads = sharedReads.get(key) ?? createSharedReads(db, itemTypes);
    sharedReads.set(key, reads);
    return reads;
  };

  /**
   * A viewer's list is built when their feed starts (offset 0) and paged from the store after,
   * so the pages of one session never repeat an item; a later page whose list is gone (expired,
   * or built by another process) builds it anew.
   */
  async function viewerList(viewerId: string, itemTypes: readonly ItemType[], fresh: boolean) {
    const key = `${viewerId}:${itemTypes.join(',')}`;
    const kept = fresh ? undefined : viewerLists.get(key);
    if (kept) return kept;
    const list = await buildViewerList(db, {
      viewerId,
      shared: sharedOf(itemTypes),
      pools: await poolsOf(itemTypes),
      nowMs: now(),
      length: LIST_LENGTH,
    });
    viewerLists.set(key, list);
    return list;
  }

  return {
    /** One page of the recommend feed: the viewer's own list, or the visitors' shared one. */
    async feedPage(query: RecommendPageQuery): Promise<RecommendPage> {
      const { viewerId, itemTypes, offset, count } = query;
      const list = viewerId
        ? await viewerList(viewerId, itemTypes, offset === 0)
        : await visitorLists.get(itemTypes.join(','), async () =>
            buildVisitorList(await poolsOf(itemTypes), now(), LIST_LENGTH),
          );
      return { ids: list.slice(offset, offset + count), hasMore: list.length > offset + count };
    },

    /** The ids of the items related to one the caller found viewable, best first. */
    async related(
      item: { id: string; user_id: string },
      itemTypes: readonly ItemType[],
      count: number,
    ): Promise<readonly string[]> {
      const list = await related.get(`${item.id}:${itemTypes.join(',')}`, async () =>
        buildRelatedList(db, {
          item: { ...item, title: await findItemTitle(db, item.id) },
          itemTypes,
          shared: sharedOf(itemTypes),
          pools: await poolsOf(itemTypes),
          nowMs: now(),
          length: RELATED_LENGTH,
        }),
      );
      return list.slice(0, count);
    },
  };
}

export type RecommendService = ReturnType<typeof createRecommendService>;
