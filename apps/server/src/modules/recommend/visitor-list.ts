import type { Pools } from './pools.ts';
import { bestFirst, decayedPopularity, mixList } from './ranking.ts';

/**
 * The recommend list of every visitor: the popular pool by time-decayed popularity, with the
 * exploration slots going to the least played new items, under the same author cap.
 */
export function buildVisitorList(pools: Pools, nowMs: number, length: number): string[] {
  const ranked = bestFirst(
    pools.popular.map((row) => ({
      id: row.id,
      authorId: row.user_id,
      score: decayedPopularity(row, nowMs),
    })),
  );
  const fresh = pools.newcomers.map((row) => ({ id: row.id, authorId: row.user_id, score: 0 }));
  return mixList({ ranked, fresh, length });
}
