import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '@melon/db/database';
import type { DanmakuReportsTable, DanmakuTable } from '@melon/db/tables/danmaku';
import type { ShieldWord } from '@melon/shared/contracts/danmaku';

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

/** Stores danmaku in one statement (an import passes a batch of them). */
export async function insertDanmaku(
  db: Kysely<Database>,
  rows: Insertable<DanmakuTable> | readonly Insertable<DanmakuTable>[],
): Promise<void> {
  await db.insertInto('danmaku').values(rows).execute();
}

/** Marks the danmaku deleted if it is still visible; answers whether this call did. */
export async function deleteVisibleDanmaku(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('danmaku')
    .set({ state: 'deleted' })
    .where('id', '=', id)
    .where('state', '=', 'visible')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Stores the user's like of the danmaku unless they already like it; answers whether stored. */
export async function insertLikeOnce(
  db: Kysely<Database>,
  danmakuId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .insertInto('danmaku_likes')
    .values({ danmaku_id: danmakuId, user_id: userId })
    .onConflict((oc) => oc.columns(['danmaku_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function addLikeCount(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('danmaku')
    .set((eb) => ({ like_count: eb('like_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function findLikeCount(db: Kysely<Database>, id: string): Promise<number> {
  const row = await db
    .selectFrom('danmaku')
    .select('like_count')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.like_count;
}

/** The display name of a signed-in sender, for the `回复 @name：` prefix of a reply. */
export async function findSenderName(
  db: Kysely<Database>,
  userId: string,
): Promise<string | undefined> {
  const user = await db
    .selectFrom('users')
    .select('name')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.name;
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

/** The user's shield words, oldest first. */
export function listShieldWords(db: Kysely<Database>, userId: string): Promise<ShieldWord[]> {
  return db
    .selectFrom('danmaku_shield_words')
    .select(['id', 'text'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findShieldWord(
  db: Kysely<Database>,
  userId: string,
  text: string,
): Promise<ShieldWord | undefined> {
  return db
    .selectFrom('danmaku_shield_words')
    .select(['id', 'text'])
    .where('user_id', '=', userId)
    .where('text', '=', text)
    .executeTakeFirst();
}

export async function countShieldWords(db: Kysely<Database>, userId: string): Promise<number> {
  const count = await db
    .selectFrom('danmaku_shield_words')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

export async function insertShieldWord(
  db: Kysely<Database>,
  userId: string,
  word: ShieldWord,
  now: number,
): Promise<void> {
  await db
    .insertInto('danmaku_shield_words')
    .values({ ...word, user_id: userId, created_at: now })
    .execute();
}

/** Deletes the user's shield word; answers whether there was one. */
export async function deleteShieldWord(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('danmaku_shield_words')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
