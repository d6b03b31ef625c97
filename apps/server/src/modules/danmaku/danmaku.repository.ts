import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, DanmakuReportsTable, DanmakuTable } from '@melon/db/database';

export type DanmakuRow = Selectable<DanmakuTable>;

/** The moments a segment is cut into when it holds more than it may give (decision 013). */
export const SEGMENT_BUCKET_MS = 6000;

export async function findDanmaku(
  db: Kysely<Database>,
  id: string,
): Promise<DanmakuRow | undefined> {
  return db.selectFrom('danmaku').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Visible danmaku of [fromMs, toMs) in time order, at most `limit`. When there are more, each
 * 6-second moment keeps a share proportional to its size: a danmaku's rank within its moment
 * (likes, then the newest) as a fraction of the moment's size orders the whole segment, so dense
 * moments stay dense and every moment keeps its first. `fromMs` is a multiple of the moment.
 */
export async function listSegment(
  db: Kysely<Database>,
  itemId: string,
  fromMs: number,
  toMs: number,
  limit: number,
): Promise<DanmakuRow[]> {
  const moment = sql`offset_ms / ${sql.lit(SEGMENT_BUCKET_MS)}`;
  const ranked = db
    .selectFrom('danmaku')
    .select([
      'id',
      sql<number>`row_number() over (partition by ${moment} order by like_count desc, send_time desc, id desc)`.as(
        'moment_rank',
      ),
      sql<number>`count(*) over (partition by ${moment})`.as('moment_size'),
    ])
    .where('item_id', '=', itemId)
    .where('state', '=', 'visible')
    .where('offset_ms', '>=', fromMs)
    .where('offset_ms', '<', toMs);
  const rows = await db
    .selectFrom('danmaku')
    .innerJoin(ranked.as('ranked'), 'ranked.id', 'danmaku.id')
    .selectAll('danmaku')
    .orderBy(sql`(ranked.moment_rank - 1) * 1.0 / ranked.moment_size`)
    .orderBy('danmaku.like_count', 'desc')
    .orderBy('danmaku.send_time', 'desc')
    .orderBy('danmaku.id', 'desc')
    .limit(limit)
    .execute();
  return rows.sort((a, b) => a.offset_ms - b.offset_ms || (a.id < b.id ? -1 : 1));
}

/** Send times (created_at) of the sender's danmaku since `sinceMs`, newest first. */
export async function recentSends(
  db: Kysely<Database>,
  senderId: string,
  sinceMs: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('danmaku')
    .select('created_at')
    .where('sender_id', '=', senderId)
    .where('created_at', '>', sinceMs)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => row.created_at);
}

/** The item's visible danmaku, the newest sent first, at most `limit`. */
export function newestVisible(
  db: Kysely<Database>,
  itemId: string,
  limit: number,
): Promise<DanmakuRow[]> {
  return db
    .selectFrom('danmaku')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('state', '=', 'visible')
    .orderBy('send_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Stores the report unless the user already reported the danmaku: the unique key decides, so
 * two reports sent at the same moment store one row. Answers whether this one was stored.
 */
export async function insertReportOnce(
  db: Kysely<Database>,
  row: Insertable<DanmakuReportsTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('danmaku_reports')
    .values(row)
    .onConflict((conflict) => conflict.columns(['danmaku_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}
