import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '@melon/db/database';
import { HIDDEN_MEDIA_STATES, LISTED_IN, type ListingPlace } from './item.policy.ts';

/**
 * The columns the policy reads, for another query over `items as i` left-joined to
 * `item_media as m` that lists items to filter with `canView`.
 */
export const itemPolicyColumns = ['i.user_id', 'i.visibility', 'm.state as media_state'] as const;

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

type ItemsBuilder = ExpressionBuilder<Database & { i: Database['items'] }, 'i'>;

/**
 * The filter of a query over `items as i` keeping the items listed in `place` for everyone:
 * a level listed there (`LISTED_IN`) and no media row in a hidden state.
 */
export function listedIn(eb: ItemsBuilder, place: ListingPlace): Expression<SqlBool> {
  return eb.and([
    eb('i.visibility', 'in', LISTED_IN[place]),
    eb.not(
      eb.exists(
        eb
          .selectFrom('item_media as m')
          .select('m.item_id')
          .whereRef('m.item_id', '=', 'i.id')
          .where('m.state', 'in', HIDDEN_MEDIA_STATES),
      ),
    ),
  ]);
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
