import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { viewableCardColumns } from '../item/item-columns.ts';

type Db = Kysely<Database>;

/** The items of these ids (any order; unknown ids are simply absent). */
export function findEntryItems(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('items as i')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select(viewableCardColumns)
    .where('i.id', 'in', ids)
    .execute();
}
export type EntryItemRow = Awaited<ReturnType<typeof findEntryItems>>[number];

/**
 * The episodes of these albums in order, each with the viewer's stored position (0 for a
 * visitor or an episode never played).
 */
export function listEpisodesOf(db: Db, albumIds: readonly string[], viewerId: string | null) {
  if (albumIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('album_episodes as e')
    .innerJoin('albums as a', 'a.item_id', 'e.album_id')
    .innerJoin('items as i', 'i.id', 'e.item_id')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .leftJoin('watch_history as h', (join) =>
      join.onRef('h.item_id', '=', 'i.id').on('h.user_id', '=', viewerId ?? ''),
    )
    .select([...viewableCardColumns, 'e.album_id', 'e.seq', 'a.sequence_type', 'h.progress_ms'])
    .where('e.album_id', 'in', albumIds)
    .orderBy('e.album_id')
    .orderBy('e.seq')
    .orderBy('i.id')
    .execute();
}
export type EpisodeRow = Awaited<ReturnType<typeof listEpisodesOf>>[number];

/** The user's basket ids in order. */
export async function listBasketIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('to_play_items')
    .select('item_id')
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('item_id')
    .execute();
  return rows.map((row) => row.item_id);
}

/** Puts the items, in order, after the basket's last entry. */
export async function appendToBasket(
  db: Db,
  userId: string,
  itemIds: readonly string[],
  now: number,
): Promise<void> {
  if (itemIds.length === 0) return;
  const last = await db
    .selectFrom('to_play_items')
    .select((eb) => eb.fn.max<number | null>('position').as('p'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const start = (last.p ?? 0) + 1;
  await db
    .insertInto('to_play_items')
    .values(
      itemIds.map((itemId, index) => ({
        user_id: userId,
        item_id: itemId,
        position: start + index,
        added_at: now,
      })),
    )
    .execute();
}

export async function removeFromBasket(db: Db, userId: string, itemId: string): Promise<void> {
  await db
    .deleteFrom('to_play_items')
    .where('user_id', '=', userId)
    .where('item_id', '=', itemId)
    .execute();
}

export async function clearBasket(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('to_play_items').where('user_id', '=', userId).execute();
}
