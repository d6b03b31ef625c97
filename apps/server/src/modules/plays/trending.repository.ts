import { sql, type Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { listedIn } from '../item/item-listing.ts';

/** Trending looks back this far: plays older than a day weigh nothing. */
export const TRENDING_WINDOW_MS = 24 * 3600_000;

export interface TrendingItem {
  item_id: string;
  /** Σ of each play's weight: 1 for a play just now, falling linearly to 0 a day later. */
  heat: number;
  /** Plays in the last day. */
  plays: number;
}

/**
 * The heat of the plays grouped (`item_plays as p`): each play weighs 1 − its age / 24 h. Plain
 * arithmetic, the same on SQLite and PostgreSQL.
 */
export const playHeat = (now: number) =>
  sql<number | string>`sum(1.0 - (${now} - p.played_at) * 1.0 / ${sql.lit(TRENDING_WINDOW_MS)})`;

/** The plays of the last 24 hours (`p`) of items listed in the feeds (`i`). */
export const recentPlays = (db: Kysely<Database>, now: number) =>
  db
    .selectFrom('item_plays as p')
    .innerJoin('items as i', 'i.id', 'p.item_id')
    .where('p.played_at', '>', now - TRENDING_WINDOW_MS)
    .where((eb) => listedIn(eb, 'feed'));

/**
 * The items hot now (decision 039): plays of the last 24 hours, each weighing less the older it
 * is (linear decay to zero at 24 h), summed per item; only items listed in the feeds, so a
 * hidden item never trends. Ties go to the newer item. Read through the (played_at) index.
 */
export async function listTrending(
  db: Kysely<Database>,
  options: { now: number; limit: number },
): Promise<TrendingItem[]> {
  const rows = await recentPlays(db, options.now)
    .select([
      'p.item_id',
      playHeat(options.now).as('heat'),
      (eb) => eb.fn.countAll<number | string>().as('plays'),
    ])
    .groupBy('p.item_id')
    .orderBy('heat', 'desc')
    .orderBy('p.item_id', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    item_id: row.item_id,
    heat: Number(row.heat),
    plays: Number(row.plays),
  }));
}
