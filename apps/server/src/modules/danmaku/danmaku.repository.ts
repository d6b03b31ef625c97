import type { Kysely, Selectable } from 'kysely';
import type { Database, DanmakuTable } from '@melon/db/database';

export type DanmakuRow = Selectable<DanmakuTable>;

export async function findItem(
  db: Kysely<Database>,
  itemId: string,
): Promise<{ id: string; user_id: string; duration_ms: number } | undefined> {
  return db
    .selectFrom('items')
    .select(['id', 'user_id', 'duration_ms'])
    .where('id', '=', itemId)
    .executeTakeFirst();
}

export async function findDanmaku(
  db: Kysely<Database>,
  id: string,
): Promise<DanmakuRow | undefined> {
  return db.selectFrom('danmaku').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Visible danmaku of [fromMs, toMs), the `limit` most liked, in time order. */
export async function listSegment(
  db: Kysely<Database>,
  itemId: string,
  fromMs: number,
  toMs: number,
  limit: number,
): Promise<DanmakuRow[]> {
  const rows = await db
    .selectFrom('danmaku')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('state', '=', 'visible')
    .where('offset_ms', '>=', fromMs)
    .where('offset_ms', '<', toMs)
    .orderBy('like_count', 'desc')
    .orderBy('id')
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
