import type { Kysely } from 'kysely';
import type { Database } from '@melon/db/database';
import { itemPolicyColumns } from './item-columns.ts';

/**
 * An item with what the item policy reads (author, visibility, media state) and what its
 * callers need besides: its kind and length. Undefined for an unknown id.
 */
export function findItem(db: Kysely<Database>, itemId: string) {
  return db
    .selectFrom('items as i')
    .leftJoin('item_media as m', 'm.item_id', 'i.id')
    .select([...itemPolicyColumns, 'i.id', 'i.item_type', 'i.duration_ms'])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}
export type ItemRow = NonNullable<Awaited<ReturnType<typeof findItem>>>;

/** The item's title, for an order or a related list ('' for an unknown item). */
export async function findItemTitle(db: Kysely<Database>, itemId: string): Promise<string> {
  const row = await db
    .selectFrom('items')
    .select('title')
    .where('id', '=', itemId)
    .executeTakeFirst();
  return row?.title ?? '';
}

/**
 * The counters an item shows, each kept equal to the rows it counts (issue 12); play_count
 * counts playbacks (decision 034).
 */
export type ItemCounter =
  'digg_count' | 'favorite_count' | 'comment_count' | 'danmaku_count' | 'play_count';

/**
 * Adds `by` to one counter of the items in one UPDATE: the database adds to the stored value,
 * so concurrent changes each count. Call it in the transaction that writes the counted rows.
 */
export async function moveItemCounter(
  db: Kysely<Database>,
  itemIds: string | readonly string[],
  counter: ItemCounter,
  by: number,
): Promise<void> {
  const ids = typeof itemIds === 'string' ? [itemIds] : itemIds;
  if (ids.length === 0 || by === 0) return;
  await db
    .updateTable('items')
    .set((eb) => ({ [counter]: eb(counter, '+', by) }))
    .where('id', 'in', ids)
    .execute();
}
