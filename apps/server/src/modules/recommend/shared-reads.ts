import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ItemType } from '@melon/db/enums';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { listNewestTagged, listRankingRows, type RankingRow } from './recommend.repository.ts';

/** Shared facts live a minute: a new like moves a score a minute later at most. */
const SHARED_TTL_MS = 60_000;
const TAGS_KEPT = 5000;
const ITEMS_KEPT = 200_000;
/** How many of a tag's newest items are its candidates. */
const PER_TAG = 50;

/**
 * The reads every viewer's list shares, each kept a minute: a tag's newest items, and what
 * ranking reads of an item (an item the policy no longer lists reads as absent). What a list
 * names is read again through the policy before it is shown, so a minute-old fact can move an
 * item in the ranking but never show a hidden one.
 */
export function createSharedReads(db: Kysely<Database>, itemTypes: readonly ItemType[]) {
  const tags = createTtlCache<string[]>({ ttlMs: SHARED_TTL_MS, maxEntries: TAGS_KEPT });
  const rows = new Map<string, { row: RankingRow | undefined; expires: number }>();

  return {
    /** Each tag's newest items. */
    tagItems(tagIds: readonly string[]): Promise<{ tagId: string; itemIds: string[] }[]> {
      return Promise.all(
        tagIds.map(async (tagId) => ({
          tagId,
          itemIds: await tags.get(tagId, () => listNewestTagged(db, tagId, PER_TAG)),
        })),
      );
    },

    /** What ranking reads of the items the policy lists in feeds, among `itemIds`. */
    async rankingRows(itemIds: readonly string[], now: number): Promise<RankingRow[]> {
      const missing = itemIds.filter((id) => (rows.get(id)?.expires ?? 0) <= now);
      if (missing.length > 0) {
        const read = new Map(
          (await listRankingRows(db, missing, itemTypes)).map((row) => [row.id, row]),
        );
        if (rows.size + missing.length > ITEMS_KEPT) rows.clear();
        for (const id of missing) rows.set(id, { row: read.get(id), expires: now + SHARED_TTL_MS });
      }
      return itemIds.flatMap((id) => rows.get(id)?.row ?? []);
    },
  };
}

export type SharedReads = ReturnType<typeof createSharedReads>;
