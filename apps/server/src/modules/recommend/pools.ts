import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import type { ItemType } from '@melon/db/enums';
import {
  listMostPlayed,
  listNewcomers,
  listNewest,
  type RankingRow,
} from './recommend.repository.ts';

/** The most played and the newest items both join the popular pool. */
const POPULAR_POOL = 500;
/** New items wait for impressions while younger than a day. */
export const NEWCOMER_AGE_MS = 24 * 3_600_000;
const NEWCOMER_POOL = 200;

/** The candidates every list shares: what is popular or new, and what is new and unseen. */
export interface Pools {
  /** The most played and the newest items, each once. */
  popular: RankingRow[];
  /** Items younger than a day, the least played first. */
  newcomers: RankingRow[];
}

export async function readPools(
  db: Kysely<Database>,
  itemTypes: readonly ItemType[],
  nowMs: number,
): Promise<Pools> {
  const [mostPlayed, newest, newcomers] = await Promise.all([
    listMostPlayed(db, itemTypes, POPULAR_POOL),
    listNewest(db, itemTypes, POPULAR_POOL),
    listNewcomers(db, itemTypes, nowMs - NEWCOMER_AGE_MS, NEWCOMER_POOL),
  ]);
  const popular = new Map(mostPlayed.map((row) => [row.id, row]));
  for (const row of newest) popular.set(row.id, row);
  return { popular: [...popular.values()], newcomers };
}
