import type { Kysely } from 'kysely';
import { containsText } from '@melon/db/contains-text';
import type { Database } from '@melon/db/database';
import type { ItemType } from '@melon/db/enums';
import { type ListPosition, olderThan } from '../../lib/newest-first.ts';
import { listCardColumns } from '../item/item-columns.ts';

type Db = Kysely<Database>;

/**
 * One write of a viewer's entry: inserted when new, else its watch time (and, when given, its
 * position) replaced. One statement, so reports racing for one entry each land whole.
 */
export function upsertEntry(
  db: Db,
  entry: { userId: string; itemId: string; watchedAt: number; progressMs?: number },
) {
  const { userId, itemId, watchedAt, progressMs } = entry;
  return db
    .insertInto('watch_history')
    .values({
      user_id: userId,
      item_id: itemId,
      watched_at: watchedAt,
      progress_ms: progressMs ?? 0,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'item_id'])
        .doUpdateSet(
          progressMs === undefined
            ? { watched_at: watchedAt }
            : { watched_at: watchedAt, progress_ms: progressMs },
        ),
    )
    .returning('progress_ms')
    .executeTakeFirstOrThrow();
}

/** The viewer's stored position in the item, in milliseconds; undefined when none. */
export async function findProgress(db: Db, userId: string, itemId: string) {
  const row = await db
    .selectFrom('watch_history')
    .select('progress_ms')
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row?.progress_ms;
}

export interface HistoryQuery {
  userId: string;
  itemTypes: readonly ItemType[];
  /** The last entry of the page before: its watch time and item id. */
  after: ListPosition | undefined;
  /** Words the title must contain. */
  keyword: string | undefined;
  limit: number;
}

/**
 * A page of the viewer's history, newest first, with what the item policy reads: the caller
 * leaves out the items the viewer may no longer see.
 */
export function listEntries(db: Db, query: HistoryQuery) {
  const { after, keyword } = query;
  let select = db
    .selectFrom('watch_history as h')
    .innerJoin('items as i', 'i.id', 'h.item_id')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select([...listCardColumns, 'h.progress_ms', 'h.watched_at'])
    .where('h.user_id', '=', query.userId)
    .where('i.item_type', 'in', query.itemTypes);
  if (after) {
    select = select.where((eb) => olderThan(eb, { time: 'h.watched_at', id: 'h.item_id' }, after));
  }
  if (keyword !== undefined) select = select.where(containsText('i.title', keyword));
  return select
    .orderBy('h.watched_at', 'desc')
    .orderBy('h.item_id', 'desc')
    .limit(query.limit)
    .execute();
}
export type HistoryRow = Awaited<ReturnType<typeof listEntries>>[number];

/**
 * Removes the viewer's entries past the newest `keep` (by watch time, then item id, the pages'
 * order); answers how many went. Two statements on the (user, time, item) index.
 */
export async function trimEntries(db: Db, userId: string, keep: number) {
  const lastKept = await db
    .selectFrom('watch_history')
    .select(['watched_at', 'item_id'])
    .where('user_id', '=', userId)
    .orderBy('watched_at', 'desc')
    .orderBy('item_id', 'desc')
    .limit(1)
    .offset(keep - 1)
    .executeTakeFirst();
  if (!lastKept) return 0;
  const result = await db
    .deleteFrom('watch_history')
    .where('user_id', '=', userId)
    .where((eb) =>
      olderThan(
        eb,
        { time: 'watched_at', id: 'item_id' },
        { time: lastKept.watched_at, id: lastKept.item_id },
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the viewer's entries of these items; answers how many went. */
export async function deleteEntries(db: Db, userId: string, itemIds: readonly string[]) {
  const result = await db
    .deleteFrom('watch_history')
    .where('user_id', '=', userId)
    .where('item_id', 'in', itemIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes every entry of the viewer's; answers how many went. */
export async function deleteAllEntries(db: Db, userId: string) {
  const result = await db
    .deleteFrom('watch_history')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
